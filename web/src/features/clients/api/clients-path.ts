export const CLIENTS_PATH = '/api/clients';
