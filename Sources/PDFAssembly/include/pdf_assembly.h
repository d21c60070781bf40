#ifndef DRAWINGBOARD_PDF_ASSEMBLY_H
#define DRAWINGBOARD_PDF_ASSEMBLY_H
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A notebook's PDF out with the PDF pages it came from kept as they are (through libqpdf):
 * each page either one of the source PDFs' pages, unchanged, with what was drawn on it laid
 * over it as a form XObject, or a drawn page of our own. What was drawn on a kept page is either
 * a page of the drawn PDFs (Cairo's), or a content stream written for it by the caller (`ink`),
 * asked for page by page while the file is written, so no page's ink waits in memory. The
 * sources' links to their pages follow those pages to where they are now (a link to a page left
 * out goes); their outlines become the document's, each entry at its page, the entries of pages
 * left out dropped (their entries kept, one level up). */

/* A graphics state the caller's ink names: /g0, /g1, ... in order. */
typedef struct {
    /* Opacity of strokes and fills. */
    double alpha;
    /* Blend mode Multiply (a highlighter) rather than Normal. */
    int multiply;
} pa_state;

typedef struct {
    /* The source PDF (an index into `sources`), or -1: the drawn page is the page. */
    int source;
    /* The source's page, from 0. */
    int page;
    /* The page of the drawn PDFs (in order, from 0) laid over it or standing as the page, or -1:
     * over a kept page, the caller's ink. */
    int drawn;
    /* The caller's ink: the form's box in points (its content maps its own units into it), and
     * the graphics states it names. */
    double width, height;
    const pa_state *states;
    int state_count;
} pa_page;

/* Where the caller's ink goes. */
typedef struct pa_pipe pa_pipe;

/* Hands `length` bytes of ink to `pipe`; 0 on success. */
int pa_pipe_write(pa_pipe *pipe, const void *bytes, size_t length);

/* Writes page `page`'s ink (its content stream, deflated) into `pipe` with pa_pipe_write;
 * 0 on success. Called in the order the file is written, possibly more than once a page. */
typedef int (*pa_ink_func)(void *context, int page, pa_pipe *pipe);

/* Takes `length` bytes of the file; 0 on success. */
typedef int (*pa_write_func)(void *context, const void *bytes, size_t length);

/* Assembles `count` pages and hands the file to `write` as it is made. On success returns 0;
 * else writes one line into `error` and returns -1, with *started saying whether any of the
 * file had been handed to `write` (nothing has when a source cannot be taken apart). */
int pa_assemble(const void *const *drawn, const size_t *drawn_lengths, int drawn_count, const void *const *sources,
                const size_t *source_lengths, int source_count, const pa_page *pages, int count, pa_ink_func ink, void *ink_context,
                pa_write_func write, void *write_context, int *started, char *error, size_t error_length);

#ifdef __cplusplus
}
#endif

#endif
