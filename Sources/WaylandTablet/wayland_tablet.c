#include "wayland_tablet.h"

#include <stdlib.h>
#include <string.h>
#include <wayland-client.h>

#include "tablet_protocol.h"

/* ---- State ---- */

enum { MAX_SEATS = 8 };

/* A tablet or a pad: kept to be destroyed when it is removed, or at stop. */
typedef struct held {
    struct wl_proxy *proxy;
    uint32_t destroy_opcode;
    wt_tablets *owner;
    struct held *next;
} held;

typedef struct tool_state {
    wt_tablets *owner;
    struct wl_proxy *proxy;
    uint32_t type;
    int over_window;  /* in proximity over SDL's window */
    wt_frame frame;   /* what changed since the last frame */
    struct tool_state *next;
} tool_state;

struct wt_tablets {
    struct wl_display *display;
    struct wl_surface *surface;
    wt_frame_callback callback;
    void *userdata;
    struct wl_registry *registry;
    struct wl_proxy *manager;
    uint32_t manager_name;
    struct wl_proxy *seats[MAX_SEATS];
    uint32_t seat_names[MAX_SEATS];
    struct wl_proxy *tablet_seats[MAX_SEATS];
    int seat_count;
    tool_state *tools;
    held *others;
    int near;  /* tools in proximity over the window */
    int ready; /* the first round trip is over: globals are bound as they come */
    uint32_t pending_manager;             /* seen during the round trip */
    uint32_t pending_seats[MAX_SEATS];
    int pending_seat_count;
};

/* A request that destroys the proxy (every interface here has "destroy" as a request). */
static void destroy_proxy(struct wl_proxy *proxy, uint32_t opcode) {
    wl_proxy_marshal_flags(proxy, opcode, NULL, wl_proxy_get_version(proxy), WL_MARSHAL_FLAG_DESTROY);
}

static void reset_frame(tool_state *t) {
    memset(&t->frame, 0, sizeof t->frame);
    t->frame.tool = (uint64_t)(uintptr_t)t;
    t->frame.tool_type = t->type;
}

/* ---- The tool's events ---- */

static void tool_type(void *data, struct wl_proxy *p, uint32_t type) { ((tool_state *)data)->type = type; }
static void tool_uu(void *data, struct wl_proxy *p, uint32_t a, uint32_t b) {}
static void tool_u(void *data, struct wl_proxy *p, uint32_t a) {}
static void tool_none(void *data, struct wl_proxy *p) {}
static void tool_f(void *data, struct wl_proxy *p, wl_fixed_t a) {}
static void tool_i(void *data, struct wl_proxy *p, int32_t a) {}
static void tool_fi(void *data, struct wl_proxy *p, wl_fixed_t a, int32_t b) {}
static void tool_uuu(void *data, struct wl_proxy *p, uint32_t a, uint32_t b, uint32_t c) {}

static void unlink_tool(tool_state *t) {
    tool_state **at = &t->owner->tools;
    while (*at && *at != t) at = &(*at)->next;
    if (*at) *at = t->next;
}

static void tool_removed(void *data, struct wl_proxy *p) {
    tool_state *t = data;
    wt_tablets *owner = t->owner;
    if (t->over_window) {
        owner->near--;
        reset_frame(t);
        t->frame.proximity_out = 1;
        t->frame.removed = 1;
        owner->callback(&t->frame, owner->userdata);
    }
    unlink_tool(t);
    destroy_proxy(p, 1);
    free(t);
}

static void tool_proximity_in(void *data, struct wl_proxy *p, uint32_t serial, struct wl_proxy *tablet, struct wl_proxy *surface) {
    tool_state *t = data;
    if ((struct wl_surface *)surface != t->owner->surface || t->over_window) return;
    t->over_window = 1;
    t->owner->near++;
    t->frame.proximity_in = 1;
}

static void tool_proximity_out(void *data, struct wl_proxy *p) {
    tool_state *t = data;
    if (!t->over_window) return;
    t->over_window = 0;
    t->owner->near--;
    t->frame.proximity_out = 1;
}

static void tool_down(void *data, struct wl_proxy *p, uint32_t serial) { ((tool_state *)data)->frame.down = 1; }
static void tool_up(void *data, struct wl_proxy *p) { ((tool_state *)data)->frame.up = 1; }

static void tool_motion(void *data, struct wl_proxy *p, wl_fixed_t x, wl_fixed_t y) {
    tool_state *t = data;
    t->frame.has_motion = 1;
    t->frame.x = wl_fixed_to_double(x);
    t->frame.y = wl_fixed_to_double(y);
}

static void tool_pressure(void *data, struct wl_proxy *p, uint32_t pressure) {
    tool_state *t = data;
    t->frame.has_pressure = 1;
    t->frame.pressure = (pressure > 65535 ? 65535 : pressure) / 65535.0;
}

static void tool_tilt(void *data, struct wl_proxy *p, wl_fixed_t x, wl_fixed_t y) {
    tool_state *t = data;
    t->frame.has_tilt = 1;
    t->frame.tilt_x = wl_fixed_to_double(x);
    t->frame.tilt_y = wl_fixed_to_double(y);
}

static void tool_frame(void *data, struct wl_proxy *p, uint32_t time) {
    tool_state *t = data;
    /* Frames of a tool over another surface (or of a tool that just left) say nothing here. */
    if (t->over_window || t->frame.proximity_out) {
        t->frame.time = time;
        t->frame.tool_type = t->type;
        t->owner->callback(&t->frame, t->owner->userdata);
    }
    reset_frame(t);
}

/* In the order of the interface's events. */
typedef void (*handler)(void);
#define H(f) ((handler)(f))
static handler tool_listener[] = {
    H(tool_type), H(tool_uu), H(tool_uu), H(tool_u), H(tool_none), H(tool_removed), H(tool_proximity_in),
    H(tool_proximity_out), H(tool_down), H(tool_up), H(tool_motion), H(tool_pressure), H(tool_u), H(tool_tilt),
    H(tool_f), H(tool_i), H(tool_fi), H(tool_uuu), H(tool_frame),
};

/* ---- Tablets (only their removal matters) ---- */

static void tablet_s(void *data, struct wl_proxy *p, const char *s) {}
static void tablet_uu(void *data, struct wl_proxy *p, uint32_t a, uint32_t b) {}
static void tablet_none(void *data, struct wl_proxy *p) {}

/* A tablet or a pad was removed: it goes. */
static void held_removed(void *data, struct wl_proxy *p) {
    held *h = data;
    held **at = &h->owner->others;
    while (*at && *at != h) at = &(*at)->next;
    if (*at) *at = h->next;
    destroy_proxy(p, h->destroy_opcode);
    free(h);
}

static handler tablet_listener[] = { H(tablet_s), H(tablet_uu), H(tablet_s), H(tablet_none), H(held_removed) };

/* Pads (buttons, rings and strips) are not used: only their removal is. Their groups, rings
 * and strips get no listener, so their events are read and dropped. */
static void pad_o(void *data, struct wl_proxy *p, struct wl_proxy *o) {}
static void pad_s(void *data, struct wl_proxy *p, const char *s) {}
static void pad_u(void *data, struct wl_proxy *p, uint32_t a) {}
static void pad_none(void *data, struct wl_proxy *p) {}
static void pad_uuu(void *data, struct wl_proxy *p, uint32_t a, uint32_t b, uint32_t c) {}
static void pad_uoo(void *data, struct wl_proxy *p, uint32_t a, struct wl_proxy *b, struct wl_proxy *c) {}
static void pad_uo(void *data, struct wl_proxy *p, uint32_t a, struct wl_proxy *b) {}
static handler pad_listener[] = { H(pad_o), H(pad_s), H(pad_u), H(pad_none), H(pad_uuu), H(pad_uoo), H(pad_uo), H(held_removed) };

static void hold(wt_tablets *owner, struct wl_proxy *proxy, uint32_t destroy_opcode, handler *listener) {
    held *h = calloc(1, sizeof *h);
    if (!h) {
        destroy_proxy(proxy, destroy_opcode);
        return;
    }
    h->proxy = proxy;
    h->destroy_opcode = destroy_opcode;
    h->owner = owner;
    h->next = owner->others;
    owner->others = h;
    wl_proxy_add_listener(proxy, listener, h);
}

/* ---- The tablet seat ---- */

static void seat_tablet_added(void *data, struct wl_proxy *seat, struct wl_proxy *tablet) { hold(data, tablet, 0, tablet_listener); }

static void seat_tool_added(void *data, struct wl_proxy *seat, struct wl_proxy *tool) {
    wt_tablets *owner = data;
    tool_state *t = calloc(1, sizeof *t);
    if (!t) {
        destroy_proxy(tool, 1);
        return;
    }
    t->owner = owner;
    t->proxy = tool;
    reset_frame(t);
    t->next = owner->tools;
    owner->tools = t;
    wl_proxy_add_listener(tool, tool_listener, t);
}

static void seat_pad_added(void *data, struct wl_proxy *seat, struct wl_proxy *pad) { hold(data, pad, 1, pad_listener); }

static handler seat_listener[] = { H(seat_tablet_added), H(seat_tool_added), H(seat_pad_added) };

static void watch_seat(wt_tablets *w, int i) {
    if (!w->manager || w->tablet_seats[i] || !w->seats[i]) return;
    struct wl_proxy *tablet_seat = wl_proxy_marshal_flags(w->manager, 0, &wt_seat_interface, 1, 0, NULL, w->seats[i]);
    if (!tablet_seat) return;
    w->tablet_seats[i] = tablet_seat;
    wl_proxy_add_listener(tablet_seat, seat_listener, w);
}

/* ---- The registry ---- */

static void bind_global(wt_tablets *w, uint32_t name, const char *interface);

/* During the first round trip (on the private queue) globals are only noted: objects bound then
 * would stay on that queue, and their first events with them. */
static void registry_global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    wt_tablets *w = data;
    if (w->ready) {
        bind_global(w, name, interface);
    } else if (strcmp(interface, wt_manager_interface.name) == 0) {
        w->pending_manager = name;
    } else if (strcmp(interface, "wl_seat") == 0 && w->pending_seat_count < MAX_SEATS) {
        w->pending_seats[w->pending_seat_count++] = name;
    }
}

static void bind_global(wt_tablets *w, uint32_t name, const char *interface) {
    struct wl_registry *registry = w->registry;
    if (strcmp(interface, wt_manager_interface.name) == 0 && !w->manager) {
        w->manager = wl_registry_bind(registry, name, &wt_manager_interface, 1);
        w->manager_name = name;
        for (int i = 0; i < w->seat_count; i++) watch_seat(w, i);
    } else if (strcmp(interface, "wl_seat") == 0) {
        int i = 0;
        while (i < w->seat_count && w->seats[i]) i++;  /* a slot a removed seat left */
        if (i == MAX_SEATS) return;
        if (i == w->seat_count) w->seat_count++;
        w->seats[i] = wl_registry_bind(registry, name, &wl_seat_interface, 1);
        w->seat_names[i] = name;
        watch_seat(w, i);
    }
}

static void registry_global_remove(void *data, struct wl_registry *registry, uint32_t name) {
    wt_tablets *w = data;
    for (int i = 0; i < w->seat_count; i++) {
        if (w->seat_names[i] != name) continue;
        if (w->tablet_seats[i]) destroy_proxy(w->tablet_seats[i], 0);
        if (w->seats[i]) wl_proxy_destroy(w->seats[i]);
        w->tablet_seats[i] = NULL;
        w->seats[i] = NULL;
        w->seat_names[i] = 0;
        /* Tools of a seat that went leave the window's range (a tool is not told its seat). */
        for (tool_state *t = w->tools; t; t = t->next) {
            if (!t->over_window) continue;
            t->over_window = 0;
            w->near--;
            reset_frame(t);
            t->frame.proximity_out = 1;
            w->callback(&t->frame, w->userdata);
            reset_frame(t);
        }
    }
}

static const struct wl_registry_listener registry_listener = { registry_global, registry_global_remove };

/* ---- Start and stop ---- */

wt_tablets *wt_start(struct wl_display *display, struct wl_surface *surface, wt_frame_callback callback, void *userdata) {
    if (!display || !surface || !callback) return NULL;
    wt_tablets *w = calloc(1, sizeof *w);
    if (!w) return NULL;
    w->display = display;
    w->surface = surface;
    w->callback = callback;
    w->userdata = userdata;
    /* The round trip runs on a queue of its own: SDL's queued events stay for SDL. */
    struct wl_event_queue *queue = wl_display_create_queue(display);
    struct wl_display *wrapper = queue ? wl_proxy_create_wrapper(display) : NULL;
    if (!wrapper) {
        if (queue) wl_event_queue_destroy(queue);
        free(w);
        return NULL;
    }
    wl_proxy_set_queue((struct wl_proxy *)wrapper, queue);
    w->registry = wl_display_get_registry(wrapper);
    wl_proxy_wrapper_destroy(wrapper);
    wl_registry_add_listener(w->registry, &registry_listener, w);
    wl_display_roundtrip_queue(display, queue);
    /* From now on SDL's pumping dispatches everything (new objects follow their parent). */
    wl_proxy_set_queue((struct wl_proxy *)w->registry, NULL);
    wl_event_queue_destroy(queue);
    w->ready = 1;
    if (w->pending_manager) {
        for (int i = 0; i < w->pending_seat_count; i++) bind_global(w, w->pending_seats[i], "wl_seat");
        bind_global(w, w->pending_manager, wt_manager_interface.name);
    }
    if (!w->manager) {
        wt_stop(w);
        return NULL;
    }
    wl_display_flush(display);
    return w;
}

void wt_stop(wt_tablets *w) {
    if (!w) return;
    while (w->tools) {
        tool_state *t = w->tools;
        w->tools = t->next;
        destroy_proxy(t->proxy, 1);
        free(t);
    }
    while (w->others) {
        held *h = w->others;
        w->others = h->next;
        destroy_proxy(h->proxy, h->destroy_opcode);
        free(h);
    }
    for (int i = 0; i < w->seat_count; i++) {
        if (w->tablet_seats[i]) destroy_proxy(w->tablet_seats[i], 0);
        if (w->seats[i]) wl_proxy_destroy(w->seats[i]);
    }
    if (w->manager) destroy_proxy(w->manager, 1);
    if (w->registry) wl_registry_destroy(w->registry);
    wl_display_flush(w->display);
    free(w);
}

int wt_in_proximity(const wt_tablets *w) { return w && w->near > 0; }
