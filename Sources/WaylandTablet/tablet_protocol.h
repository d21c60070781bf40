#ifndef DRAWINGBOARD_TABLET_PROTOCOL_H
#define DRAWINGBOARD_TABLET_PROTOCOL_H
#include <wayland-client.h>

/* The tablet protocol's interfaces (tablet-unstable-v2, version 1), described in
 * tablet_protocol.c. */
extern const struct wl_interface wt_manager_interface, wt_seat_interface, wt_tablet_interface, wt_tool_interface;
extern const struct wl_interface wt_pad_interface, wt_group_interface, wt_ring_interface, wt_strip_interface;

#endif
