#include <poppler.h>
#include <glib.h>
