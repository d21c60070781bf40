#include <SDL.h>
#include <SDL_syswm.h>
// Pens on X11 are read through XInput2 on SDL's own display (DrawingBoardPlatform/Pens).
#include <X11/extensions/XInput.h>
#include <X11/extensions/XInput2.h>
