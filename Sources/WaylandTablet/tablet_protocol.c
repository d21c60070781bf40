#include "tablet_protocol.h"

#include <string.h>

/* ---- The protocol's interfaces (tablet-unstable-v2, version 1) ----
 * Signatures: u uint, i int, f fixed, s string, o object (?o: may be null), n new object,
 * a array. A type is given for each object and new-object argument. */


static const struct wl_interface *no_types[] = { NULL, NULL, NULL, NULL };
static const struct wl_interface *get_tablet_seat_types[] = { &wt_seat_interface, &wl_seat_interface };
static const struct wl_interface *set_cursor_types[] = { NULL, &wl_surface_interface, NULL, NULL };
static const struct wl_interface *new_tablet_types[] = { &wt_tablet_interface };
static const struct wl_interface *new_tool_types[] = { &wt_tool_interface };
static const struct wl_interface *new_pad_types[] = { &wt_pad_interface };
static const struct wl_interface *new_group_types[] = { &wt_group_interface };
static const struct wl_interface *new_ring_types[] = { &wt_ring_interface };
static const struct wl_interface *new_strip_types[] = { &wt_strip_interface };
static const struct wl_interface *tablet_surface_types[] = { NULL, &wt_tablet_interface, &wl_surface_interface };
static const struct wl_interface *leave_types[] = { NULL, &wl_surface_interface };

static const struct wl_message destroy_only[] = { { "destroy", "", no_types } };

static const struct wl_message manager_requests[] = {
    { "get_tablet_seat", "no", get_tablet_seat_types },
    { "destroy", "", no_types },
};
const struct wl_interface wt_manager_interface = { "zwp_tablet_manager_v2", 1, 2, manager_requests, 0, NULL };

static const struct wl_message seat_events[] = {
    { "tablet_added", "n", new_tablet_types },
    { "tool_added", "n", new_tool_types },
    { "pad_added", "n", new_pad_types },
};
const struct wl_interface wt_seat_interface = { "zwp_tablet_seat_v2", 1, 1, destroy_only, 3, seat_events };

static const struct wl_message tool_requests[] = {
    { "set_cursor", "u?oii", set_cursor_types },
    { "destroy", "", no_types },
};
static const struct wl_message tool_events[] = {
    { "type", "u", no_types },
    { "hardware_serial", "uu", no_types },
    { "hardware_id_wacom", "uu", no_types },
    { "capability", "u", no_types },
    { "done", "", no_types },
    { "removed", "", no_types },
    { "proximity_in", "uoo", tablet_surface_types },
    { "proximity_out", "", no_types },
    { "down", "u", no_types },
    { "up", "", no_types },
    { "motion", "ff", no_types },
    { "pressure", "u", no_types },
    { "distance", "u", no_types },
    { "tilt", "ff", no_types },
    { "rotation", "f", no_types },
    { "slider", "i", no_types },
    { "wheel", "fi", no_types },
    { "button", "uuu", no_types },
    { "frame", "u", no_types },
};
const struct wl_interface wt_tool_interface = { "zwp_tablet_tool_v2", 1, 2, tool_requests, 19, tool_events };

static const struct wl_message tablet_events[] = {
    { "name", "s", no_types },
    { "id", "uu", no_types },
    { "path", "s", no_types },
    { "done", "", no_types },
    { "removed", "", no_types },
};
const struct wl_interface wt_tablet_interface = { "zwp_tablet_v2", 1, 1, destroy_only, 5, tablet_events };

static const struct wl_message feedback_requests[] = {
    { "set_feedback", "su", no_types },
    { "destroy", "", no_types },
};
static const struct wl_message ring_events[] = {
    { "source", "u", no_types },
    { "angle", "f", no_types },
    { "stop", "", no_types },
    { "frame", "u", no_types },
};
const struct wl_interface wt_ring_interface = { "zwp_tablet_pad_ring_v2", 1, 2, feedback_requests, 4, ring_events };

static const struct wl_message strip_events[] = {
    { "source", "u", no_types },
    { "position", "u", no_types },
    { "stop", "", no_types },
    { "frame", "u", no_types },
};
const struct wl_interface wt_strip_interface = { "zwp_tablet_pad_strip_v2", 1, 2, feedback_requests, 4, strip_events };

static const struct wl_message group_events[] = {
    { "buttons", "a", no_types },
    { "ring", "n", new_ring_types },
    { "strip", "n", new_strip_types },
    { "modes", "u", no_types },
    { "done", "", no_types },
    { "mode_switch", "uuu", no_types },
};
const struct wl_interface wt_group_interface = { "zwp_tablet_pad_group_v2", 1, 1, destroy_only, 6, group_events };

static const struct wl_message pad_requests[] = {
    { "set_feedback", "usu", no_types },
    { "destroy", "", no_types },
};
static const struct wl_message pad_events[] = {
    { "group", "n", new_group_types },
    { "path", "s", no_types },
    { "buttons", "u", no_types },
    { "done", "", no_types },
    { "button", "uuu", no_types },
    { "enter", "uoo", tablet_surface_types },
    { "leave", "uo", leave_types },
    { "removed", "", no_types },
};
const struct wl_interface wt_pad_interface = { "zwp_tablet_pad_v2", 1, 2, pad_requests, 8, pad_events };

const struct wl_interface *wt_interface(const char *name) {
    const struct wl_interface *all[] = { &wt_manager_interface, &wt_seat_interface, &wt_tablet_interface, &wt_tool_interface,
                                         &wt_pad_interface, &wt_group_interface, &wt_ring_interface, &wt_strip_interface };
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
        if (strcmp(all[i]->name, name) == 0) return all[i];
    }
    return NULL;
}
