#ifndef DRAWINGBOARD_WAYLAND_CLIPBOARD_H
#define DRAWINGBOARD_WAYLAND_CLIPBOARD_H
#include <stddef.h>

/* What DrawingBoard offers other apps on the clipboard on Wayland, where SDL 2.26's own
 * clipboard carries text only: a wl_data_source of our own set as the seat's selection through
 * a wl_data_device bound on SDL's display. Its objects are dispatched by SDL's own pumping (the
 * default queue), as the pens' are. The selection is set with the serial of the newest key,
 * button or touch the window had, which our own wl_keyboard, wl_pointer and wl_touch (bound on
 * the same client) hear alongside SDL's. Each request for the data is written on a thread of its own,
 * so a slow reader never holds the window's loop. */

struct wl_display;

typedef struct wc_clipboard wc_clipboard;

/* Binds the seat and the data device manager: NULL when the compositor has neither. */
wc_clipboard *wc_start(struct wl_display *display);
void wc_stop(wc_clipboard *clipboard);

/* Takes the clipboard with `count` kinds of data (MIME types, bytes copied here). 0 when it was
 * set; -1 when no input event was seen yet to set it with, or memory ran out. */
int wc_offer(wc_clipboard *clipboard, const char *const *types, const void *const *bytes, const size_t *lengths, int count);

#endif
