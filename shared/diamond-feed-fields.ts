/**
 * The fields a supplier feed's column can fill, in the importer's order, with their French names (the column
 * mapping editor shows them; the importer checks a saved mapping against them), and how headers are compared.
 * One list for the server's importer and the admin screen.
 */

/** Field -> French name. */
export const FEED_FIELD_LABELS = {
  stockNumber: 'Référence stock',
  shape: 'Forme',
  carat: 'Poids (carats)',
  color: 'Couleur',
  fancyColor: 'Couleur fantaisie',
  fancyIntensity: 'Intensité fantaisie',
  fancyOvertone: 'Nuance fantaisie',
  clarity: 'Pureté',
  cut: 'Taille',
  polish: 'Poli',
  symmetry: 'Symétrie',
  fluorescenceIntensity: 'Fluorescence (intensité)',
  fluorescenceColor: 'Fluorescence (couleur)',
  lab: 'Laboratoire',
  certificateNumber: 'N° de certificat',
  certificateUrl: 'Lien du certificat',
  lengthMm: 'Longueur (mm)',
  widthMm: 'Largeur (mm)',
  depthMm: 'Hauteur (mm)',
  ratio: 'Ratio',
  depthPercent: 'Profondeur (%)',
  tablePercent: 'Table (%)',
  girdle: 'Rondiste',
  culet: 'Colette',
  eyeClean: 'Propre à l’œil',
  milky: 'Laiteux',
  shade: 'Teinte',
  pricePerCarat: 'Prix au carat',
  totalPrice: 'Prix total',
  discountPercent: 'Remise (%)',
  cashPrice: 'Prix comptant',
  currency: 'Devise',
  city: 'Ville',
  state: 'Région',
  country: 'Pays',
  availability: 'Disponibilité',
  imageUrl: 'Lien de la photo',
  videoUrl: 'Lien de la vidéo',
  viewer3dUrl: 'Lien de la vue 3D',
  growth: 'Origine (naturel / synthèse)',
  treatment: 'Traitement',
  measurements: 'Dimensions (L × l × h)',
} as const satisfies Record<string, string>;

export type FeedField = keyof typeof FEED_FIELD_LABELS;

/** The fields a feed row can fill, one column each, in the importer's order. */
export const FEED_FIELDS = Object.keys(FEED_FIELD_LABELS) as readonly FeedField[];

/** The French name of a field; an unknown name as it comes. */
export function feedFieldLabel(field: string): string {
  return Object.hasOwn(FEED_FIELD_LABELS, field) ? FEED_FIELD_LABELS[field as FeedField] : field;
}

/** A header as compared: lower case, letters and digits only ("Depth %" -> "depth"). */
export function feedHeaderKey(header: string): string {
  return header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}
