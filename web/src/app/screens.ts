/**
 * Every screen of the shell with its French title (the header title and the tab title
 * "<title> · Pricer Bijouterie"). The route table (routes.tsx) takes its titles from here, and the browser tests
 * walk this list, so a new route without a title does not type-check. Screens still to build carry the
 * sentence their placeholder shows.
 */
export interface ScreenInfo {
  title: string;
  /** Under the header title on wide screens. */
  subtitle?: string;
  /** A screen still to build: what it will do (coming-soon placeholder). */
  comingSoon?: string;
}

export const SCREENS = {
  '/': { title: 'Tableau de bord', subtitle: "Vue d'ensemble des activités bijouterie" },
  '/products': { title: 'Fiches produits' },
  '/products/:slug': { title: 'Fiche produit' },
  '/account': { title: 'Mon compte' },
  '/users': { title: 'Utilisateurs' },
  '/settings': { title: 'Paramètres' },
  '/logs': { title: "Journal d'erreurs" },
  '/superadmin/organizations': { title: 'Organisations' },
  '/superadmin/data-sources': { title: 'Sources de données' },
  '/superadmin/modules': { title: 'Modules' },
  '/clients': { title: 'Clients' },
  '/clients/new': { title: 'Nouveau client' },
  '/clients/:id': { title: 'Fiche client' },
  '/clients/:id/edit': { title: 'Modifier le client' },
  '/suppliers': { title: 'Fournisseurs' },
  '/suppliers/new': { title: 'Nouveau fournisseur' },
  '/suppliers/:id': { title: 'Fournisseur' },
  '/stones': { title: 'Pierres & Composants' },
  '/stones/new': { title: 'Nouvel article' },
  '/stones/:id': { title: 'Pierre ou composant' },
  '/production-steps': { title: 'Étapes Production' },
  '/production-steps/new': { title: 'Nouvelle étape de production' },
  '/production-steps/:id': { title: 'Étape de production' },
  '/projects': { title: 'Projets' },
  '/projects/new': { title: 'Nouveau projet' },
  '/projects/:id': { title: 'Projet' },
  '/quotes': { title: 'Devis & Pricing' },
  // The new draft's page opens the draft itself (/quotes/:id): the same title, so the tab does not change.
  '/quotes/new': { title: 'Devis & Pricing' },
  '/quotes/:id': { title: 'Devis & Pricing' },
  '/work-orders': { title: 'Ordres de fabrication' },
  '/work-orders/new': { title: 'Nouvel ordre de fabrication' },
  '/work-orders/board': { title: 'Tableau atelier' },
  '/work-orders/metal': { title: 'Registre métal' },
  '/work-orders/:id': { title: 'Ordre de fabrication' },
  '/diamonds': { title: 'Catalogue Diamant' },
  '/diamond/:id': { title: 'Catalogue Diamant' },
  '/diamonds/feeds': { title: 'Flux fournisseurs' },
  '/diamonds/feeds/new': { title: 'Nouveau flux fournisseur' },
  '/diamonds/feeds/:id': { title: 'Flux fournisseur' },
  '/goldbuy': { title: "Achats d'Or" },
  '/goldbuy/new': { title: "Achats d'Or" },
  '/goldbuy/register': { title: 'Livre de police' },
  '/goldbuy/:id': { title: "Achats d'Or" },
  '/goldbuy/:id/edit': { title: "Achats d'Or" },
} as const satisfies Record<string, ScreenInfo>;

export type ScreenPath = keyof typeof SCREENS;

/** Titles of the screens outside the shell. */
export const INVITATION_TITLE = 'Invitation';
/** The quote a jeweller shared with their client (/devis/partage/:token). */
export const SHARED_QUOTE_TITLE = 'Devis';
export const NOT_FOUND_TITLE = 'Page introuvable';
