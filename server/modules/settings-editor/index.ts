/** The public entry of the back office's organisation-level editors (issue 20 item 3): settings, customer fields, additions, FAQ. */
export { settingsEditorRoutes } from './settings-editor.routes.ts';
export { createSettingsEditorService, type SettingsEditorService } from './settings-editor.service.ts';
