#ifndef RENDERING_CZLIB_SHIM_H
#define RENDERING_CZLIB_SHIM_H
#include <zlib.h>
#endif
