/* One technique's instantiation for one code variant (movegen_all.h sets CB_T, CB_T_TARGET
   and the technique's flags): its generator, perft on it, then the template's macros
   undefined for the next. No include guard, on purpose. */
#include "movegen_impl.h"
#include "perft_impl.h"

#undef MG_PASTE
#undef MG_NAME
#undef FN
#undef TGT
#undef OV
#undef OV_OF
#undef OV_OCC
#undef OV_XOR
#undef OV_CHILD
#undef ROOK_ATT
#undef BISHOP_ATT
#undef MAPS_CHANGED
#undef MAPS_UPDATE
#undef MAPS_ENTER
#undef MAPS_LEAVE
#undef CB_T
#undef CB_T_TARGET
#undef CB_T_ROTATED
#undef CB_T_MAPS
