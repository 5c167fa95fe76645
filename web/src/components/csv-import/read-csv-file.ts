/** Reads a CSV file as text: UTF-8 first, Windows-1252 (Excel FR "CSV (séparateur: point-virgule)") if invalid. */
export async function readCsvFile(file: Blob): Promise<string> {
  const bytes = await file.arrayBuffer();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}
