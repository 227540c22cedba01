#include "workers.h"
#ifdef _WIN32
#include <windows.h>
#else
#include <pthread.h>
#endif

typedef struct { void (*fn)(void *); void *arg; } WorkerCall;

#ifdef _WIN32
/* Returns 0; the Windows thread entry. */
static DWORD WINAPI workers_main(LPVOID p) { WorkerCall *c = p; c->fn(c->arg); return 0; }
#else
/* Returns NULL; the POSIX thread entry. */
static void *workers_main(void *p) { WorkerCall *c = p; c->fn(c->arg); return NULL; }
#endif

void workers_run(int n, void (*fn)(void *), void *args, size_t size) {
  if (n > WORKERS_MAX) n = WORKERS_MAX;
  WorkerCall calls[WORKERS_MAX];
  int started[WORKERS_MAX] = {0};
#ifdef _WIN32
  HANDLE handle[WORKERS_MAX];
#else
  pthread_t handle[WORKERS_MAX];
#endif
  for (int k = 1; k < n; k++) {
    calls[k].fn = fn, calls[k].arg = (char *)args + (size_t)k * size;
#ifdef _WIN32
    handle[k] = CreateThread(NULL, 0, workers_main, &calls[k], 0, NULL);
    started[k] = handle[k] != NULL;
#else
    started[k] = pthread_create(&handle[k], NULL, workers_main, &calls[k]) == 0;
#endif
  }
  if (n >= 1) fn(args);
  for (int k = 1; k < n; k++) {
    if (!started[k]) { fn(calls[k].arg); continue; }
#ifdef _WIN32
    WaitForSingleObject(handle[k], INFINITE);
    CloseHandle(handle[k]);
#else
    pthread_join(handle[k], NULL);
#endif
  }
}
