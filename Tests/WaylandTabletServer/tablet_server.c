#include "tablet_server.h"
#include "wayland_tablet.h"

#include <pthread.h>
#include <stddef.h>
#include <string.h>
#include <sys/socket.h>
#include <wayland-client.h>
#include <wayland-server.h>

/* ---- The compositor ---- */

static struct wl_display *server;
static pthread_t thread;
static struct wl_resource *surfaces[2];
static int surface_count;

static void destroy_request(struct wl_client *client, struct wl_resource *resource) { wl_resource_destroy(resource); }
static const void *destroy_only[] = { (void *)destroy_request };
static const void *tool_requests[] = { NULL, (void *)destroy_request };  /* set_cursor is never sent */
static const void *feedback_requests[] = { NULL, (void *)destroy_request };

static struct wl_resource *child(struct wl_resource *parent, const char *interface, const void *implementation) {
    struct wl_resource *r = wl_resource_create(wl_resource_get_client(parent), wt_interface(interface), 1, 0);
    wl_resource_set_implementation(r, implementation, NULL, NULL);
    return r;
}

enum { TOOL_TYPE = 0, TOOL_DONE = 4, TOOL_REMOVED = 5, PROXIMITY_IN = 6, PROXIMITY_OUT = 7, DOWN = 8, UP = 9,
       MOTION = 10, PRESSURE = 11, TILT = 13, FRAME = 18 };

static void send_tool(struct wl_resource *seat, struct wl_resource **tool, uint32_t type) {
    *tool = child(seat, "zwp_tablet_tool_v2", tool_requests);
    wl_resource_post_event(seat, 1, *tool);  /* tool_added */
    wl_resource_post_event(*tool, TOOL_TYPE, type);
    wl_resource_post_event(*tool, TOOL_DONE);
}

static void motion(struct wl_resource *tool, double x, double y) {
    wl_resource_post_event(tool, MOTION, wl_fixed_from_double(x), wl_fixed_from_double(y));
}

static void get_tablet_seat(struct wl_client *client, struct wl_resource *manager, uint32_t id, struct wl_resource *wl_seat) {
    struct wl_resource *seat = wl_resource_create(client, wt_interface("zwp_tablet_seat_v2"), 1, id);
    wl_resource_set_implementation(seat, destroy_only, NULL, NULL);
    struct wl_resource *tablet = child(seat, "zwp_tablet_v2", destroy_only);
    wl_resource_post_event(seat, 0, tablet);   /* tablet_added */
    wl_resource_post_event(tablet, 0, "Test tablet");
    wl_resource_post_event(tablet, 3);         /* done */
    if (surface_count < 2) return;
    struct wl_resource *pen, *eraser;
    uint32_t t = 100;
    send_tool(seat, &pen, WT_TOOL_PEN);
    wl_resource_post_event(pen, PROXIMITY_IN, 1, tablet, surfaces[0]);
    motion(pen, 10, 20);
    wl_resource_post_event(pen, PRESSURE, 0);
    wl_resource_post_event(pen, TILT, wl_fixed_from_int(5), wl_fixed_from_int(-5));
    wl_resource_post_event(pen, FRAME, t++);
    wl_resource_post_event(pen, DOWN, 2);
    motion(pen, 11, 20);
    wl_resource_post_event(pen, PRESSURE, 16384);
    wl_resource_post_event(pen, FRAME, t++);
    motion(pen, 15, 20);
    wl_resource_post_event(pen, PRESSURE, 49151);
    wl_resource_post_event(pen, FRAME, t++);
    wl_resource_post_event(pen, UP);
    wl_resource_post_event(pen, FRAME, t++);
    wl_resource_post_event(pen, PROXIMITY_OUT);
    wl_resource_post_event(pen, FRAME, t++);

    send_tool(seat, &eraser, WT_TOOL_ERASER);
    wl_resource_post_event(eraser, PROXIMITY_IN, 3, tablet, surfaces[1]);
    motion(eraser, 70, 70);
    wl_resource_post_event(eraser, FRAME, t++);
    wl_resource_post_event(eraser, DOWN, 4);
    wl_resource_post_event(eraser, FRAME, t++);
    wl_resource_post_event(eraser, UP);
    wl_resource_post_event(eraser, PROXIMITY_OUT);
    wl_resource_post_event(eraser, FRAME, t++);
    wl_resource_post_event(eraser, PROXIMITY_IN, 5, tablet, surfaces[0]);
    motion(eraser, 50, 50);
    wl_resource_post_event(eraser, PRESSURE, 65535);
    wl_resource_post_event(eraser, FRAME, t++);
    wl_resource_post_event(eraser, DOWN, 6);
    wl_resource_post_event(eraser, FRAME, t++);
    wl_resource_post_event(eraser, UP);
    wl_resource_post_event(eraser, FRAME, t++);
    wl_resource_post_event(eraser, PROXIMITY_OUT);
    wl_resource_post_event(eraser, FRAME, t++);

    struct wl_resource *pad = child(seat, "zwp_tablet_pad_v2", feedback_requests);
    wl_resource_post_event(seat, 2, pad);       /* pad_added */
    struct wl_resource *group = child(pad, "zwp_tablet_pad_group_v2", destroy_only);
    wl_resource_post_event(pad, 0, group);      /* group */
    struct wl_resource *ring = child(group, "zwp_tablet_pad_ring_v2", feedback_requests);
    wl_resource_post_event(group, 1, ring);     /* ring */
    struct wl_resource *strip = child(group, "zwp_tablet_pad_strip_v2", feedback_requests);
    wl_resource_post_event(group, 2, strip);    /* strip */
    wl_resource_post_event(ring, 1, wl_fixed_from_int(90));  /* angle */
    wl_resource_post_event(ring, 3, t++);       /* frame */
    wl_resource_post_event(pad, 4, t++, 1, 1);  /* button */
    wl_resource_post_event(pad, 3);             /* done */

    wl_resource_post_event(pen, TOOL_REMOVED);
    wl_resource_post_event(pad, 7);     /* removed */
    wl_resource_post_event(tablet, 4);  /* removed */
}

static const void *manager_requests[] = { (void *)get_tablet_seat, (void *)destroy_request };

static void create_surface(struct wl_client *client, struct wl_resource *compositor, uint32_t id) {
    struct wl_resource *surface = wl_resource_create(client, &wl_surface_interface, 1, id);
    static const void *surface_requests[] = { (void *)destroy_request };
    wl_resource_set_implementation(surface, surface_requests, NULL, NULL);
    if (surface_count < 2) surfaces[surface_count++] = surface;
}

static const void *compositor_requests[] = { (void *)create_surface };

static void bind_compositor(struct wl_client *client, void *data, uint32_t version, uint32_t id) {
    struct wl_resource *r = wl_resource_create(client, &wl_compositor_interface, 1, id);
    wl_resource_set_implementation(r, compositor_requests, NULL, NULL);
}

static void bind_seat(struct wl_client *client, void *data, uint32_t version, uint32_t id) {
    struct wl_resource *r = wl_resource_create(client, &wl_seat_interface, 1, id);
    wl_resource_set_implementation(r, NULL, NULL, NULL);
    wl_seat_send_capabilities(r, 0);
}

static void bind_manager(struct wl_client *client, void *data, uint32_t version, uint32_t id) {
    struct wl_resource *r = wl_resource_create(client, wt_interface("zwp_tablet_manager_v2"), 1, id);
    wl_resource_set_implementation(r, manager_requests, NULL, NULL);
}

static void *run(void *unused) {
    wl_display_run(server);
    return NULL;
}

int ts_start(void) {
    int fds[2];
    server = wl_display_create();
    if (!server || socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) return -1;
    wl_global_create(server, &wl_compositor_interface, 1, NULL, bind_compositor);
    wl_global_create(server, &wl_seat_interface, 1, NULL, bind_seat);
    wl_global_create(server, wt_interface("zwp_tablet_manager_v2"), 1, NULL, bind_manager);
    if (!wl_client_create(server, fds[0]) || pthread_create(&thread, NULL, run, NULL) != 0) return -1;
    return fds[1];
}

void ts_stop(void) {
    wl_display_terminate(server);
    pthread_join(thread, NULL);
    wl_display_destroy_clients(server);
    wl_display_destroy(server);
    server = NULL;
    surface_count = 0;
}

/* ---- The client ---- */

static struct wl_compositor *compositor;

static void global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    if (strcmp(interface, "wl_compositor") == 0) compositor = wl_registry_bind(registry, name, &wl_compositor_interface, 1);
}
static void global_remove(void *data, struct wl_registry *registry, uint32_t name) {}
static const struct wl_registry_listener registry_listener = { global, global_remove };

struct wl_display *ts_connect(int fd, struct wl_surface **first, struct wl_surface **second) {
    struct wl_display *display = wl_display_connect_to_fd(fd);
    if (!display) return NULL;
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &registry_listener, NULL);
    wl_display_roundtrip(display);
    wl_registry_destroy(registry);
    if (!compositor) return NULL;
    *first = wl_compositor_create_surface(compositor);
    *second = wl_compositor_create_surface(compositor);
    wl_display_roundtrip(display);
    return display;
}

int ts_roundtrip(struct wl_display *display) { return wl_display_roundtrip(display); }

void ts_disconnect(struct wl_display *display, struct wl_surface *first, struct wl_surface *second) {
    wl_surface_destroy(first);
    wl_surface_destroy(second);
    wl_compositor_destroy(compositor);
    compositor = NULL;
    wl_display_roundtrip(display);
    wl_display_disconnect(display);
}
