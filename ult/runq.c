/* ult/runq.c - the one run queue shared by all VPs (operations: runq.h). */
#include "ult/runq.h"

struct runq ult_runq;
