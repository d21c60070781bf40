// Xlib and the XTEST extension: the latency harness injects pointer input and reads the screen.
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XTest.h>
