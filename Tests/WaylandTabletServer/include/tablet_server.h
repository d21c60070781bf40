#ifndef DRAWINGBOARD_TABLET_SERVER_H
#define DRAWINGBOARD_TABLET_SERVER_H
#include <stdint.h>

/* A compositor for the tests of WaylandTablet: no screen, only the globals a tablet client
 * binds (wl_compositor, wl_seat, zwp_tablet_manager_v2), for one client on a socket pair, in a
 * thread of its own. When a client asks for a tablet seat it sends, frame by frame:
 *   a tablet, and a pen tool that comes in range over the client's first surface at (10, 20)
 *   (pressure 0, tilt 5, -5), touches at (11, 20) (pressure 16384), moves to (15, 20)
 *   (pressure 49151), lifts and leaves;
 *   an eraser tool that comes in range over the second surface (another window) and goes down
 *   there, then over the first surface at (50, 50) (pressure 65535), touches, lifts and leaves;
 *   a pad with a group, a ring and a strip (for no listener to read);
 *   then the pen tool, the pad and the tablet are removed.
 * The client side: connect, make the two surfaces, round trips. */

struct wl_display;
struct wl_surface;

/* Starts the compositor; returns the client's end of the socket pair, or -1. */
int ts_start(void);
void ts_stop(void);

/* A client of it with two surfaces (the first is the window's). */
struct wl_display *ts_connect(int fd, struct wl_surface **first, struct wl_surface **second);
int ts_roundtrip(struct wl_display *display);
void ts_disconnect(struct wl_display *display, struct wl_surface *first, struct wl_surface *second);

#endif
