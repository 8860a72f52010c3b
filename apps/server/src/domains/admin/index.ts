// The admin domain's public surface: the staff guard in http/ finds the session's admin here.
export { type Admin, findAdminBySession } from './service.js';
