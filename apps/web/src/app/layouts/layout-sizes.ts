/** The top bar's height and the desktop sidebar's width, in pixels. */
export const HEADER_HEIGHT = 64;
export const NAVBAR_WIDTH = 280;
