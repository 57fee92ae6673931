import type { ActionHandlers } from './api';
import { clickRef } from './click';
import { dragRef } from './drag';
import { hover } from './hover';
import { inputRecheck } from './input-recheck';
import { collectObservation } from './observe-handler';
import { pressKey } from './press-key';
import { scroll } from './scroll';
import { selectOption } from './select';
import { focusType, typeText } from './type';
import { typeReadback } from './type-trusted';
import { uploadFile } from './upload';

export const actionHandlers: ActionHandlers = {
  click_ax: clickRef,
  type_ax: typeText,
  focus_type: focusType,
  select_option: selectOption,
  press_key: pressKey,
  hover,
  scroll,
  drag: dragRef,
  upload_file: uploadFile,
  action_observe: (args) => collectObservation(args),
  type_readback: (args) => typeReadback(args),
  input_recheck: inputRecheck,
};
