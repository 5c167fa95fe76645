export const SUPPLIERS_PATH = '/api/suppliers';
