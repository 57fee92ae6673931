import type * as z from 'zod/mini';
import {
  ClickArgsSchema,
  DragArgsSchema,
  FocusTypeArgsSchema,
  HoverArgsSchema,
  ObserveArgsSchema,
  parseArgs,
  PressKeyArgsSchema,
  ScrollArgsSchema,
  SelectArgsSchema,
  TypeArgsSchema,
  TypeReadbackArgsSchema,
  InputRecheckArgsSchema,
  ACTIONS_NOT_LOADED,
  type ActionName,
} from '../../shared/tools/actions';
import { UploadArgsSchema } from '../../shared/tools/upload';
import { err, type Result } from '../../shared/result';
import { getActionsApi, type ActionHandlers } from '../actions/api';
import type { ContentHandler } from './types';

type Run<T> = (args: T, doc: Document) => Promise<Result<unknown>> | Result<unknown>;

/**
 * Parses an action's arguments here (this bundle has zod), then hands them to the actions script.
 * When that script is not in this frame yet, the error code tells the worker to inject it and retry.
 */
function proxy<T>(name: ActionName, schema: z.ZodMiniType<T>, pick: (h: ActionHandlers) => Run<T>): ContentHandler {
  return {
    name,
    async run(raw, doc) {
      const args = parseArgs(name, schema, raw);
      if (!args.ok) return args;
      const api = getActionsApi(globalThis);
      if (!api) return err(ACTIONS_NOT_LOADED, `the page-actions script is not loaded in this frame yet (${name})`);
      return pick(api.handlers)(args.data, doc);
    },
  };
}

export const actionProxies: readonly ContentHandler[] = [
  proxy('click_ax', ClickArgsSchema, (h) => h.click_ax),
  proxy('type_ax', TypeArgsSchema, (h) => h.type_ax),
  proxy('focus_type', FocusTypeArgsSchema, (h) => h.focus_type),
  proxy('select_option', SelectArgsSchema, (h) => h.select_option),
  proxy('press_key', PressKeyArgsSchema, (h) => h.press_key),
  proxy('hover', HoverArgsSchema, (h) => h.hover),
  proxy('scroll', ScrollArgsSchema, (h) => h.scroll),
  proxy('drag', DragArgsSchema, (h) => h.drag),
  proxy('upload_file', UploadArgsSchema, (h) => h.upload_file),
  proxy('action_observe', ObserveArgsSchema, (h) => h.action_observe),
  proxy('type_readback', TypeReadbackArgsSchema, (h) => h.type_readback),
  proxy('input_recheck', InputRecheckArgsSchema, (h) => h.input_recheck),
];
