#include "cairo_baseline.h"
#include <cairo.h>
#include <stdlib.h>

struct cb_canvas {
    cairo_surface_t *image;
    cairo_t *cr;
    cairo_surface_t *screen;
    cairo_t *screen_cr;
};

cb_canvas *cb_canvas_new(int w, int h) {
    cb_canvas *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    c->image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
    c->cr = cairo_create(c->image);
    cairo_set_source_rgb(c->cr, 1, 1, 1);
    cairo_paint(c->cr);
    cairo_set_source_rgb(c->cr, 0, 0, 0);
    cairo_set_line_cap(c->cr, CAIRO_LINE_CAP_ROUND);
    cairo_set_line_join(c->cr, CAIRO_LINE_JOIN_ROUND);
    c->screen = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
    c->screen_cr = cairo_create(c->screen);
    return c;
}

void cb_canvas_free(cb_canvas *c) {
    if (!c) return;
    cairo_destroy(c->cr);
    cairo_surface_destroy(c->image);
    cairo_destroy(c->screen_cr);
    cairo_surface_destroy(c->screen);
    free(c);
}

void cb_stroke_segment(cb_canvas *c, double x0, double y0, double x1, double y1, double width) {
    cairo_set_line_width(c->cr, width);
    cairo_move_to(c->cr, x0, y0);
    cairo_line_to(c->cr, x1, y1);
    cairo_stroke(c->cr);
}

void cb_naive_segment(cb_canvas *c, double x0, double y0, double x1, double y1, double width) {
    cb_stroke_segment(c, x0, y0, x1, y1, width);
    cairo_set_source_surface(c->screen_cr, c->image, 0, 0);
    cairo_paint(c->screen_cr);
}

uint32_t cb_canvas_checksum(cb_canvas *c) {
    cairo_surface_flush(c->screen);
    cairo_surface_flush(c->image);
    const uint32_t *p = (const uint32_t *)cairo_image_surface_get_data(c->image);
    int n = cairo_image_surface_get_width(c->image) * cairo_image_surface_get_height(c->image);
    uint32_t sum = 0;
    for (int i = 0; i < n; i += 97) sum = sum * 31 + p[i];
    return sum;
}

void cb_paint_image(cb_canvas *c, int w, int h, double x, double y, double degrees) {
    static cairo_surface_t *image;
    static int iw, ih;
    if (!image || iw != w || ih != h) {
        if (image) cairo_surface_destroy(image);
        image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
        cairo_t *ic = cairo_create(image);
        cairo_set_source_rgb(ic, 0.2, 0.5, 0.8);
        cairo_paint(ic);
        cairo_destroy(ic);
        iw = w;
        ih = h;
    }
    cairo_save(c->cr);
    cairo_translate(c->cr, x, y);
    cairo_rotate(c->cr, degrees * 3.141592653589793 / 180);
    cairo_set_source_surface(c->cr, image, -w / 2.0, -h / 2.0);
    cairo_pattern_set_filter(cairo_get_source(c->cr), degrees == 0 ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_BILINEAR);
    cairo_paint(c->cr);
    cairo_restore(c->cr);
}

void cb_fill_path(cb_canvas *c, const int *ops, int count, const double *xy) {
    cairo_new_path(c->cr);
    for (int i = 0; i < count; i++) {
        switch (ops[i]) {
        case 0: cairo_move_to(c->cr, xy[0], xy[1]); xy += 2; break;
        case 1: cairo_line_to(c->cr, xy[0], xy[1]); xy += 2; break;
        case 2: cairo_curve_to(c->cr, xy[0], xy[1], xy[2], xy[3], xy[4], xy[5]); xy += 6; break;
        default: cairo_close_path(c->cr); break;
        }
    }
    cairo_set_fill_rule(c->cr, CAIRO_FILL_RULE_WINDING);
    cairo_fill(c->cr);
}
