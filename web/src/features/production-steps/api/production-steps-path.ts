export const PRODUCTION_STEPS_PATH = '/api/production-steps';
