/* Run-time CPU feature detection, so one portable build can pick fast paths. */
#ifndef CB_CPU_H
#define CB_CPU_H

/* CPU_AVX512: AVX-512 F, BW, VL, DQ and CD, with the OS saving their registers. */
enum { CPU_POPCNT = 1, CPU_BMI1 = 2, CPU_BMI2 = 4, CPU_LZCNT = 8, CPU_AVX2 = 16, CPU_AVX512 = 32 };
#define CPU_V3 (CPU_POPCNT | CPU_BMI1 | CPU_BMI2 | CPU_LZCNT | CPU_AVX2)
#define CPU_V4 (CPU_V3 | CPU_AVX512)

#if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__))
#define CB_X86 1
#define CB_TARGET_BMI2 __attribute__((target("bmi,bmi2,popcnt")))
#define CB_TARGET_V3 __attribute__((target("popcnt,bmi,bmi2,lzcnt,avx2")))
#define CB_TARGET_V4 __attribute__((target("popcnt,bmi,bmi2,lzcnt,avx2,avx512f,avx512bw,avx512vl,avx512dq,avx512cd")))
#else
#define CB_TARGET_BMI2
#define CB_TARGET_V3
#define CB_TARGET_V4
#endif
#define CB_TARGET_NONE

/* The hot loops (movegen.c's generator and perft, attacks/registry.c's timing and batch
   loops) are compiled once per code variant and the one this CPU runs is picked by cpu_v3():
   "base" for any x86-64, each technique with its own target (e.g. BMI2 for pext), and on x86
   "v3" with x86-64-v3's (and the catalogue's loops "v4" with x86-64-v4's, where cpu_v4()).
   CB_VARIANT_TARGET(v, own) is variant v's target attribute. */
#define CB_VARIANT_TARGET(v, own) CB_VARIANT_TARGET_(v, own)
#define CB_VARIANT_TARGET_(v, own) CB_VARIANT_TARGET_##v(own)
#define CB_VARIANT_TARGET_base(own) own
#define CB_VARIANT_TARGET_v3(own) CB_TARGET_V3
#define CB_VARIANT_TARGET_v4(own) CB_TARGET_V4

/* Returns the CPU_* features this CPU has (0 under CHESSBITS_CPU=baseline, none of AVX-512's
   under CHESSBITS_CPU=v3). */
unsigned cpu_features(void);

/* Returns the CPU_* features this CPU has, whatever CHESSBITS_CPU says. */
unsigned cpu_features_detected(void);

/* Returns 1 if the x86-64-v3 code paths run here (all of CPU_V3, honouring CHESSBITS_CPU). */
int cpu_v3(void);

/* Returns 1 if the x86-64-v4 code paths run here (all of CPU_V4, honouring CHESSBITS_CPU). */
int cpu_v4(void);

/* Returns 1 if PEXT/PDEP run in hardware at full speed: BMI2 and not AMD
   before Zen 3 (families 0x15-0x17 run them microcoded, hundreds of cycles). */
int cpu_fast_pext(void);

/* Returns a short text naming the CPU (vendor string and family/model). */
const char *cpu_name(void);

/* Returns the compiler name and version this file was built with. */
const char *cpu_compiler(void);

#endif
