#ifndef DRAWINGBOARD_PDF_ASSEMBLY_H
#define DRAWINGBOARD_PDF_ASSEMBLY_H
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A notebook's PDF out with the PDF pages it came from kept as they are (through libqpdf):
 * each page either one of the source PDFs' pages, unchanged, with the matching page of the
 * drawn PDF (ink and elements only) laid over it as a form XObject, or the drawn PDF's page
 * itself (a page of our own). The sources' links to their pages follow those pages to where they
 * are now (a link to a page left out goes); their outlines become the document's, each entry at
 * its page, the entries of pages left out dropped (their entries kept, one level up). */

typedef struct {
    /* The source PDF (an index into `sources`), or -1: the drawn page is the page. */
    int source;
    /* The source's page, from 0. */
    int page;
} pa_page;

/* Assembles `count` pages; the drawn PDFs (written side by side, in order) have one page per
 * page between them. On success returns 0 and the bytes in *out (free with pa_free); else writes
 * one line into `error` and returns -1. */
int pa_assemble(const void *const *drawn, const size_t *drawn_lengths, int drawn_count, const void *const *sources,
                const size_t *source_lengths, int source_count, const pa_page *pages, int count, void **out, size_t *out_length,
                char *error, size_t error_length);

void pa_free(void *bytes);

#ifdef __cplusplus
}
#endif

#endif
