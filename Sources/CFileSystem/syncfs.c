#define _GNU_SOURCE
#include <unistd.h>
#include "CFileSystem.h"

int remindc_syncfs(int descriptor) {
    return syncfs(descriptor);
}
