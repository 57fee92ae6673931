// The page actions (click, type, select, keys, hover, scroll), injected by the service worker into a
// frame on its first action. No zod here: the handler script validated the arguments already.
import { installActionsApi } from './actions/api';
import { actionHandlers } from './actions/index';

installActionsApi(globalThis, actionHandlers);
