// The few librsvg and GLib types the app passes to librsvg. The library itself is opened when
// the first SVG is drawn (DrawingBoardRender's RsvgLibrary, with dlopen), not linked: linked, it
// was loaded and relocated at every start, 3.9 MB of resident pages before any SVG, 6.7 MB once
// it had drawn the icons. These layouts are librsvg's and GLib's stable ABI.
typedef struct { double x, y, width, height; } DrawingBoardRsvgRectangle;
typedef struct { unsigned int domain; int code; char *message; } DrawingBoardGError;
