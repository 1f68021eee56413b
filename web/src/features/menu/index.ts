export { getMenu } from './api/getMenu';
