#ifndef REMINDC_CLIBYAML_SHIM_H
#define REMINDC_CLIBYAML_SHIM_H
#include <yaml.h>
#endif
