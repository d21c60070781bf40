// libxml2's push parser and its SAX2 callbacks, for reading notebooks as they inflate.
// Debian's libxml2 is built with ICU, and its encoding header would then bring ICU's own
// declarations, which clash with Foundation's copy of ICU: nothing here uses ICU (only
// pointers to the encoding handlers are passed around), so its part is left out.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
