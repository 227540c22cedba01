/* Every technique's instantiation (movegen_one.h: its generator and perft), for one code variant:
   movegen.c includes this file once per variant with CB_V (the name suffix) and
   CB_VT(own) (the target attribute given the technique's own) defined. A
   technique missing here fails to compile in movegen.c's tables; "incremental" (the
   attack maps, MOVEGEN_INCREMENTAL) comes last. No include guard. */
#define CB_T reference
#define CB_T_TARGET CB_VT(CB_TARGET_NONE)
#include "movegen_one.h"
#define CB_T classical
#define CB_T_TARGET CB_VT(CB_TARGET_NONE)
#include "movegen_one.h"
#define CB_T rotated
#define CB_T_TARGET CB_VT(CB_TARGET_NONE)
#define CB_T_ROTATED 1
#include "movegen_one.h"
#define CB_T kindergarten
#define CB_T_TARGET CB_VT(CB_TARGET_NONE)
#include "movegen_one.h"
#define CB_T hyperbola
#define CB_T_TARGET CB_VT(CB_TARGET_NONE)
#include "movegen_one.h"
#define CB_T obstruction
#define CB_T_TARGET CB_VT(CB_TARGET_NONE)
#include "movegen_one.h"
#define CB_T exploding
#define CB_T_TARGET CB_VT(CB_TARGET_NONE)
#include "movegen_one.h"
#define CB_T dumb7fill
#define CB_T_TARGET CB_VT(CB_TARGET_NONE)
#include "movegen_one.h"
#define CB_T kogge_stone
#define CB_T_TARGET CB_VT(CB_TARGET_NONE)
#include "movegen_one.h"
#define CB_T magic
#define CB_T_TARGET CB_VT(CB_TARGET_NONE)
#include "movegen_one.h"
#define CB_T fancy_magic
#define CB_T_TARGET CB_VT(CB_TARGET_NONE)
#include "movegen_one.h"
#define CB_T black_magic
#define CB_T_TARGET CB_VT(CB_TARGET_NONE)
#include "movegen_one.h"
#define CB_T pext
#define CB_T_TARGET CB_VT(CB_TARGET_BMI2)
#include "movegen_one.h"
#define CB_T incremental
#define CB_T_TARGET CB_VT(CB_TARGET_NONE)
#define CB_T_MAPS 1
#include "movegen_one.h"
