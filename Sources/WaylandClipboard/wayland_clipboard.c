#include "wayland_clipboard.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wayland-client.h>

enum { MAX_KINDS = 4 };

struct wc_clipboard {
    struct wl_display *display;
    struct wl_registry *registry;
    struct wl_seat *seat;
    struct wl_keyboard *keyboard;
    struct wl_pointer *pointer;
    struct wl_touch *touch;
    struct wl_data_device_manager *manager;
    struct wl_data_device *device;
    /* The selection and the drag offered to us (destroyed when replaced or over). */
    struct wl_data_offer *selection_offer, *drag_offer;
    uint32_t seat_name, manager_name;
    uint32_t serial;
    /* Our offer, while it is the clipboard. */
    struct wl_data_source *source;
    int kinds;
    char *types[MAX_KINDS];
    void *bytes[MAX_KINDS];
    size_t lengths[MAX_KINDS];
};

/* ---- Serials: the newest key, button or touch the window had ---- */

static void kb_keymap(void *data, struct wl_keyboard *k, uint32_t format, int32_t fd, uint32_t size) { close(fd); }
static void kb_enter(void *data, struct wl_keyboard *k, uint32_t serial, struct wl_surface *s, struct wl_array *keys) {
    ((wc_clipboard *)data)->serial = serial;
}
static void kb_leave(void *data, struct wl_keyboard *k, uint32_t serial, struct wl_surface *s) {}
static void kb_key(void *data, struct wl_keyboard *k, uint32_t serial, uint32_t time, uint32_t key, uint32_t state) {
    ((wc_clipboard *)data)->serial = serial;
}
static void kb_modifiers(void *data, struct wl_keyboard *k, uint32_t serial, uint32_t d, uint32_t l, uint32_t lo, uint32_t g) {}
static const struct wl_keyboard_listener keyboard_listener = { kb_keymap, kb_enter, kb_leave, kb_key, kb_modifiers };

static void pt_enter(void *data, struct wl_pointer *p, uint32_t serial, struct wl_surface *s, wl_fixed_t x, wl_fixed_t y) {}
static void pt_leave(void *data, struct wl_pointer *p, uint32_t serial, struct wl_surface *s) {}
static void pt_motion(void *data, struct wl_pointer *p, uint32_t time, wl_fixed_t x, wl_fixed_t y) {}
static void pt_button(void *data, struct wl_pointer *p, uint32_t serial, uint32_t time, uint32_t button, uint32_t state) {
    ((wc_clipboard *)data)->serial = serial;
}
static void pt_axis(void *data, struct wl_pointer *p, uint32_t time, uint32_t axis, wl_fixed_t value) {}
static const struct wl_pointer_listener pointer_listener = { pt_enter, pt_leave, pt_motion, pt_button, pt_axis };

static void tc_down(void *data, struct wl_touch *t, uint32_t serial, uint32_t time, struct wl_surface *s, int32_t id, wl_fixed_t x, wl_fixed_t y) {
    ((wc_clipboard *)data)->serial = serial;
}
static void tc_up(void *data, struct wl_touch *t, uint32_t serial, uint32_t time, int32_t id) { ((wc_clipboard *)data)->serial = serial; }
static void tc_motion(void *data, struct wl_touch *t, uint32_t time, int32_t id, wl_fixed_t x, wl_fixed_t y) {}
static void tc_frame(void *data, struct wl_touch *t) {}
static void tc_cancel(void *data, struct wl_touch *t) {}
static const struct wl_touch_listener touch_listener = { tc_down, tc_up, tc_motion, tc_frame, tc_cancel };

static void seat_capabilities(void *data, struct wl_seat *seat, uint32_t caps) {
    wc_clipboard *c = data;
    if ((caps & WL_SEAT_CAPABILITY_KEYBOARD) && !c->keyboard) {
        c->keyboard = wl_seat_get_keyboard(seat);
        wl_keyboard_add_listener(c->keyboard, &keyboard_listener, c);
    } else if (!(caps & WL_SEAT_CAPABILITY_KEYBOARD) && c->keyboard) {
        wl_keyboard_destroy(c->keyboard);
        c->keyboard = NULL;
    }
    if ((caps & WL_SEAT_CAPABILITY_POINTER) && !c->pointer) {
        c->pointer = wl_seat_get_pointer(seat);
        wl_pointer_add_listener(c->pointer, &pointer_listener, c);
    } else if (!(caps & WL_SEAT_CAPABILITY_POINTER) && c->pointer) {
        wl_pointer_destroy(c->pointer);
        c->pointer = NULL;
    }
    if ((caps & WL_SEAT_CAPABILITY_TOUCH) && !c->touch) {
        c->touch = wl_seat_get_touch(seat);
        wl_touch_add_listener(c->touch, &touch_listener, c);
    } else if (!(caps & WL_SEAT_CAPABILITY_TOUCH) && c->touch) {
        wl_touch_destroy(c->touch);
        c->touch = NULL;
    }
}
static const struct wl_seat_listener seat_listener = { seat_capabilities };

/* ---- What others offer us: not read, only let go ---- */

static void offer_offer(void *data, struct wl_data_offer *o, const char *type) {}
static const struct wl_data_offer_listener offer_listener = { offer_offer };

static void dd_data_offer(void *data, struct wl_data_device *d, struct wl_data_offer *offer) {
    wl_data_offer_add_listener(offer, &offer_listener, data);
}
static void dd_enter(void *data, struct wl_data_device *d, uint32_t serial, struct wl_surface *s, wl_fixed_t x, wl_fixed_t y,
                     struct wl_data_offer *offer) {
    wc_clipboard *c = data;
    if (c->drag_offer) wl_data_offer_destroy(c->drag_offer);
    c->drag_offer = offer;
}
static void drag_over(wc_clipboard *c) {
    if (c->drag_offer) wl_data_offer_destroy(c->drag_offer);
    c->drag_offer = NULL;
}
static void dd_leave(void *data, struct wl_data_device *d) { drag_over(data); }
static void dd_motion(void *data, struct wl_data_device *d, uint32_t time, wl_fixed_t x, wl_fixed_t y) {}
static void dd_drop(void *data, struct wl_data_device *d) { drag_over(data); }
static void dd_selection(void *data, struct wl_data_device *d, struct wl_data_offer *offer) {
    wc_clipboard *c = data;
    if (c->selection_offer) wl_data_offer_destroy(c->selection_offer);
    c->selection_offer = offer;
}
static const struct wl_data_device_listener device_listener = { dd_data_offer, dd_enter, dd_leave, dd_motion, dd_drop, dd_selection };

/* ---- Our offer ---- */

typedef struct {
    int fd;
    size_t length;
    unsigned char bytes[];
} write_job;

static void *write_out(void *arg) {
    write_job *job = arg;
    /* A reader that went away: EPIPE here, not the whole app ended by SIGPIPE. */
    sigset_t blocked;
    sigemptyset(&blocked);
    sigaddset(&blocked, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &blocked, NULL);
    size_t done = 0;
    while (done < job->length) {
        ssize_t n = write(job->fd, job->bytes + done, job->length - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        done += (size_t)n;
    }
    close(job->fd);
    free(job);
    return NULL;
}

static void source_target(void *data, struct wl_data_source *s, const char *type) {}
static void source_send(void *data, struct wl_data_source *s, const char *type, int32_t fd) {
    wc_clipboard *c = data;
    for (int i = 0; i < c->kinds; i++) {
        if (strcmp(c->types[i], type) != 0) continue;
        write_job *job = malloc(sizeof *job + c->lengths[i]);
        if (!job) break;
        job->fd = fd;
        job->length = c->lengths[i];
        memcpy(job->bytes, c->bytes[i], c->lengths[i]);
        pthread_t thread;
        pthread_attr_t attr;
        pthread_attr_init(&attr);
        pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
        int started = pthread_create(&thread, &attr, write_out, job) == 0;
        pthread_attr_destroy(&attr);
        if (started) return;
        free(job);
        break;
    }
    close(fd);
}

static void forget_kinds(wc_clipboard *c) {
    for (int i = 0; i < c->kinds; i++) {
        free(c->types[i]);
        free(c->bytes[i]);
    }
    c->kinds = 0;
}

static void source_cancelled(void *data, struct wl_data_source *s) {
    wc_clipboard *c = data;
    wl_data_source_destroy(s);
    if (c->source == s) {
        c->source = NULL;
        forget_kinds(c);
    }
}
static const struct wl_data_source_listener source_listener = { source_target, source_send, source_cancelled };

int wc_offer(wc_clipboard *c, const char *const *types, const void *const *bytes, const size_t *lengths, int count) {
    if (!c || !c->device || !c->serial || count < 1 || count > MAX_KINDS) return -1;
    if (c->source) {
        wl_data_source_destroy(c->source);
        c->source = NULL;
    }
    forget_kinds(c);
    for (int i = 0; i < count; i++) {
        c->types[i] = strdup(types[i]);
        c->bytes[i] = malloc(lengths[i] ? lengths[i] : 1);
        c->lengths[i] = lengths[i];
        c->kinds = i + 1;
        if (!c->types[i] || !c->bytes[i]) {
            forget_kinds(c);
            return -1;
        }
        memcpy(c->bytes[i], bytes[i], lengths[i]);
    }
    c->source = wl_data_device_manager_create_data_source(c->manager);
    if (!c->source) {
        forget_kinds(c);
        return -1;
    }
    wl_data_source_add_listener(c->source, &source_listener, c);
    for (int i = 0; i < count; i++) wl_data_source_offer(c->source, c->types[i]);
    wl_data_device_set_selection(c->device, c->source, c->serial);
    wl_display_flush(c->display);
    return 0;
}

/* ---- The registry ---- */

static void registry_global(void *data, struct wl_registry *r, uint32_t name, const char *interface, uint32_t version) {
    wc_clipboard *c = data;
    if (strcmp(interface, "wl_seat") == 0 && !c->seat_name) c->seat_name = name;
    if (strcmp(interface, "wl_data_device_manager") == 0 && !c->manager_name) c->manager_name = name;
}
static void registry_global_remove(void *data, struct wl_registry *r, uint32_t name) {}
static const struct wl_registry_listener registry_listener = { registry_global, registry_global_remove };

wc_clipboard *wc_start(struct wl_display *display) {
    if (!display) return NULL;
    wc_clipboard *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    c->display = display;
    /* The globals are listed on a queue of our own (SDL's queued events stay for SDL); the
     * objects are bound after, on the default queue, which SDL's pumping dispatches. */
    struct wl_event_queue *queue = wl_display_create_queue(display);
    struct wl_display *wrapper = queue ? wl_proxy_create_wrapper(display) : NULL;
    if (!wrapper) {
        if (queue) wl_event_queue_destroy(queue);
        free(c);
        return NULL;
    }
    wl_proxy_set_queue((struct wl_proxy *)wrapper, queue);
    c->registry = wl_display_get_registry(wrapper);
    wl_proxy_wrapper_destroy(wrapper);
    wl_registry_add_listener(c->registry, &registry_listener, c);
    wl_display_roundtrip_queue(display, queue);
    wl_proxy_set_queue((struct wl_proxy *)c->registry, NULL);
    wl_event_queue_destroy(queue);
    if (!c->seat_name || !c->manager_name) {
        wc_stop(c);
        return NULL;
    }
    c->seat = wl_registry_bind(c->registry, c->seat_name, &wl_seat_interface, 1);
    c->manager = wl_registry_bind(c->registry, c->manager_name, &wl_data_device_manager_interface, 1);
    wl_seat_add_listener(c->seat, &seat_listener, c);
    c->device = wl_data_device_manager_get_data_device(c->manager, c->seat);
    wl_data_device_add_listener(c->device, &device_listener, c);
    wl_display_flush(display);
    return c;
}

void wc_stop(wc_clipboard *c) {
    if (!c) return;
    if (c->source) wl_data_source_destroy(c->source);
    forget_kinds(c);
    if (c->selection_offer) wl_data_offer_destroy(c->selection_offer);
    if (c->drag_offer) wl_data_offer_destroy(c->drag_offer);
    if (c->device) wl_data_device_destroy(c->device);
    if (c->manager) wl_data_device_manager_destroy(c->manager);
    if (c->keyboard) wl_keyboard_destroy(c->keyboard);
    if (c->pointer) wl_pointer_destroy(c->pointer);
    if (c->touch) wl_touch_destroy(c->touch);
    if (c->seat) wl_seat_destroy(c->seat);
    if (c->registry) wl_registry_destroy(c->registry);
    wl_display_flush(c->display);
    free(c);
}
