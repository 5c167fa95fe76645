export const PROJECTS_PATH = '/api/projects';
