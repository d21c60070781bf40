#ifndef DRAWINGBOARD_WAYLAND_TABLET_H
#define DRAWINGBOARD_WAYLAND_TABLET_H
#include <stdint.h>
#include <wayland-util.h>

/* Pens on Wayland through the tablet protocol (zwp_tablet_manager_v2, version 1), bound on
 * SDL's own wl_display beside SDL 2, which reads no pressure.
 *
 * wt_start binds the tablet manager and every wl_seat (a registry round trip on a queue of its
 * own, so SDL's events are not dispatched from here), then moves its objects to the display's
 * default queue: SDL's own event pumping dispatches them, in the compositor's order with SDL's
 * events. Each tool's events are gathered until the tool's `frame` event, which hands one
 * wt_frame to `callback`. Only tools in proximity of `surface` (SDL's window) are reported.
 * Returns NULL when the compositor has no tablet manager. Must be stopped with wt_stop before
 * the display is closed.
 *
 * The protocol's interfaces are described here from its definition (tablet-unstable-v2.xml);
 * a test compares them with the installed definition. */

struct wl_display;
struct wl_surface;

enum {
    WT_TOOL_PEN = 0x140,
    WT_TOOL_ERASER = 0x141,
    WT_TOOL_BRUSH = 0x142,
    WT_TOOL_PENCIL = 0x143,
    WT_TOOL_AIRBRUSH = 0x144,
    WT_TOOL_FINGER = 0x145,
    WT_TOOL_MOUSE = 0x146,
    WT_TOOL_LENS = 0x147,
};

/* What changed in one of a tool's frames (the has_ fields), and the values. */
typedef struct {
    uint64_t tool;          /* the tool's identity while it exists */
    uint32_t tool_type;     /* WT_TOOL_*, 0 when the compositor did not say */
    uint32_t time;          /* milliseconds */
    int proximity_in;       /* came into range over the window */
    int proximity_out;      /* left the range (or the window) */
    int down, up;           /* the tip touched, or lifted */
    int removed;            /* the tool is gone (unplugged) */
    int has_motion, has_pressure, has_tilt;
    double x, y;            /* surface coordinates (logical points) */
    double pressure;        /* 0...1 (the protocol's 0...65535) */
    double tilt_x, tilt_y;  /* degrees */
} wt_frame;

typedef void (*wt_frame_callback)(const wt_frame *frame, void *userdata);

typedef struct wt_tablets wt_tablets;

wt_tablets *wt_start(struct wl_display *display, struct wl_surface *surface, wt_frame_callback callback, void *userdata);
void wt_stop(wt_tablets *tablets);
/* Whether a tool is in range over the window now (updated as the events come, before the
 * frame: SDL's own copies of the tool's events may come between). */
int wt_in_proximity(const wt_tablets *tablets);

/* The protocol's interfaces as described here, by name (for the test); NULL if unknown. */
const struct wl_interface *wt_interface(const char *name);

#endif
