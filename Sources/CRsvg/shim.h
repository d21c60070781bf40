#define RSVG_DISABLE_DEPRECATION_WARNINGS 1
#include <librsvg/rsvg.h>
