//! The strata facade: Context, storage kinds, typed handles, builtins, the affine cluster, the parallel driver.

#![doc = "(under construction)"]
