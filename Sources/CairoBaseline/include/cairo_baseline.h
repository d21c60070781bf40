#ifndef CAIRO_BASELINE_H
#define CAIRO_BASELINE_H
#include <stdint.h>

/* Reference renderers for the benchmark, in plain C on raw Cairo.
 *
 * cb_canvas_new: an ARGB32 canvas of w x h, white. Freed with cb_canvas_free.
 * cb_stroke_segment: strokes one segment (a motion event's worth of pencil) with round caps:
 *   the least any Cairo renderer can do per event.
 * cb_naive_segment: what the original DrawingBoard did per touch move: draw the segment into
 *   the canvas image, then redraw the whole image onto the screen buffer. */
typedef struct cb_canvas cb_canvas;

cb_canvas *cb_canvas_new(int w, int h);
void cb_canvas_free(cb_canvas *c);
void cb_stroke_segment(cb_canvas *c, double x0, double y0, double x1, double y1, double width);
void cb_naive_segment(cb_canvas *c, double x0, double y0, double x1, double y1, double width);
/* cb_paint_image: an image of w x h (opaque, made once) painted onto the canvas centred at
 * (x, y), turned by `degrees`: what any program that moves a picture over a page must do per
 * frame. */
void cb_paint_image(cb_canvas *c, int w, int h, double x, double y, double degrees);
/* cb_fill_path: fills a path given as opcodes (0 move, 1 line, 2 curve, 3 close) and their
 * points (one for move and line, three for a curve), non-zero: the least any Cairo renderer
 * can do to lay a variable-width outline. */
void cb_fill_path(cb_canvas *c, const int *ops, int count, const double *xy);
/* A checksum of the canvas, so the compiler cannot skip the work. */
uint32_t cb_canvas_checksum(cb_canvas *c);

#endif
