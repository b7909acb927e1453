#ifndef REMINDC_CFILESYSTEM_H
#define REMINDC_CFILESYSTEM_H

/// syncfs(2), which glibc declares only under _GNU_SOURCE: flushes the file
/// system that holds the open file `descriptor` in one call. 0 on success,
/// -1 with errno set otherwise.
int remindc_syncfs(int descriptor);

#endif
