/**
 * The Ask buttons (the single view's, the comparison's and every Ask follow-up) carry this attribute, so whatever
 * floats over the page can keep off them (`clear-of-ask.ts`). A module of its own: the buttons are on the first
 * paint, the floating things and the code that places them are not.
 */
export const ASK_BUTTON_ATTRIBUTE = 'data-ask-button';
