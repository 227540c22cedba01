#include "cpu.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef CB_X86
#include <cpuid.h>
#elif defined(_MSC_VER) && defined(_M_X64)
#include <intrin.h>
#define CB_MSVC_X64 1
#endif

/* Returns registers a,b,c,d of cpuid leaf/subleaf into r (all zero if unsupported). */
static void cpu_cpuid(unsigned leaf, unsigned sub, unsigned r[4]) {
  r[0] = r[1] = r[2] = r[3] = 0;
#ifdef CB_X86
  if (__get_cpuid_max(leaf & 0x80000000u, 0) >= leaf) __cpuid_count(leaf, sub, r[0], r[1], r[2], r[3]);
#elif defined(CB_MSVC_X64)
  int v[4]; __cpuid(v, (int)(leaf & 0x80000000u));
  if ((unsigned)v[0] >= leaf) { __cpuidex(v, (int)leaf, (int)sub); for (int i = 0; i < 4; i++) r[i] = (unsigned)v[i]; }
#else
  (void)leaf; (void)sub;
#endif
}

unsigned cpu_features_detected(void) {
  unsigned r1[4], r7[4], rx[4], f = 0;
  cpu_cpuid(1, 0, r1);
  cpu_cpuid(7, 0, r7);
  cpu_cpuid(0x80000001u, 0, rx);
  if (r1[2] & (1u << 23)) f |= CPU_POPCNT;
  if (r7[1] & (1u << 3)) f |= CPU_BMI1;
  if (r7[1] & (1u << 8)) f |= CPU_BMI2;
  if (rx[2] & (1u << 5)) f |= CPU_LZCNT;
  /* AVX2 also needs the OS to save YMM state (OSXSAVE + XCR0 bits 1,2), AVX-512 the opmask
     and ZMM state too (XCR0 bits 5,6,7); its F, DQ, CD, BW, VL are leaf 7's EBX bits 16, 17,
     28, 30, 31. */
  if (r1[2] & (1u << 27)) {
    unsigned xcr0 = 0;
#ifdef CB_X86
    unsigned hi;
    __asm__("xgetbv" : "=a"(xcr0), "=d"(hi) : "c"(0));
    (void)hi;
#elif defined(CB_MSVC_X64)
    xcr0 = (unsigned)_xgetbv(0);
#endif
    const unsigned avx512 = (1u << 16) | (1u << 17) | (1u << 28) | (1u << 30) | (1u << 31);
    if ((r7[1] & (1u << 5)) && (xcr0 & 6) == 6) f |= CPU_AVX2;
    if ((f & CPU_AVX2) && (r7[1] & avx512) == avx512 && (xcr0 & 0xE6) == 0xE6) f |= CPU_AVX512;
  }
  return f;
}

unsigned cpu_features(void) {
  static int cached = -1;
  if (cached < 0) {
    const char *env = getenv("CHESSBITS_CPU");
    cached = (int)cpu_features_detected();
    if (env && strcmp(env, "baseline") == 0) cached = 0;
    if (env && strcmp(env, "v3") == 0) cached &= ~CPU_AVX512;
  }
  return (unsigned)cached;
}

/* Returns the family (base + extended) from cpuid leaf 1, and the model via *model. */
static unsigned cpu_family(unsigned *model) {
  unsigned r[4];
  cpu_cpuid(1, 0, r);
  unsigned family = (r[0] >> 8) & 15, m = (r[0] >> 4) & 15;
  if (family == 15) family += (r[0] >> 20) & 255;
  if (family >= 6) m |= ((r[0] >> 16) & 15) << 4;
  *model = m;
  return family;
}

/* Returns the 12-character vendor string into v (empty where there is no cpuid). */
static void cpu_vendor(char v[13]) {
  unsigned r[4];
  cpu_cpuid(0, 0, r);
  memcpy(v, &r[1], 4); memcpy(v + 4, &r[3], 4); memcpy(v + 8, &r[2], 4);
  v[12] = 0;
}

int cpu_v3(void) { return (cpu_features() & CPU_V3) == CPU_V3; }

int cpu_v4(void) { return (cpu_features() & CPU_V4) == CPU_V4; }

int cpu_fast_pext(void) {
  char v[13];
  unsigned model;
  if (!(cpu_features() & CPU_BMI2)) return 0;
  cpu_vendor(v);
  unsigned family = cpu_family(&model);
  return !(strcmp(v, "AuthenticAMD") == 0 && family >= 0x15 && family <= 0x17);
}

const char *cpu_name(void) {
  static char name[64];
  char v[13];
  unsigned model;
  cpu_vendor(v);
  unsigned family = cpu_family(&model);
  snprintf(name, sizeof name, "%s family 0x%x model 0x%x", v[0] ? v : "unknown", family, model);
  return name;
}

const char *cpu_compiler(void) {
#if defined(__clang__)
  return "clang " __clang_version__;
#elif defined(__GNUC__)
  return "gcc " __VERSION__;
#elif defined(_MSC_VER)
#define CB_STR2(x) #x
#define CB_STR(x) CB_STR2(x)
  return "msvc " CB_STR(_MSC_FULL_VER);
#else
  return "unknown C compiler";
#endif
}
