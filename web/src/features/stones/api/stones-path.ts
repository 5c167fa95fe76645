export const STONES_PATH = '/api/stones';
