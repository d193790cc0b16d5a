//! Wall-clock and per-thread CPU time.
//!
//! WORKLOADS.md times everything by the wall clock, and so do the JSON
//! lines. On a shared machine the wall clock also counts the time the
//! measuring thread spent preempted by other processes, which can be most of
//! it; the thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`, user plus system,
//! page faults included) does not. The report shows both, so that a ratio
//! distorted by preemption can be told from a real one.

use std::time::Instant;

/// The calling thread's CPU time in seconds, where the platform offers it
/// (64-bit Linux); `None` elsewhere.
#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
pub fn thread_cpu_secs() -> Option<f64> {
    /// `struct timespec` on 64-bit Linux: two `long`s.
    #[repr(C)]
    struct Timespec {
        tv_sec: i64,
        tv_nsec: i64,
    }
    // The C library std already links (glibc or musl) exports it.
    unsafe extern "C" {
        fn clock_gettime(clock: i32, ts: *mut Timespec) -> i32;
    }
    /// `CLOCK_THREAD_CPUTIME_ID` in `<linux/time.h>`.
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut ts = Timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `clock_gettime` writes one `struct timespec` (whose layout
    // `Timespec` is on this target) through the pointer, which is valid and
    // exclusive for the call; it reads nothing else of ours.
    let rc = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    (rc == 0).then_some(ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9)
}

/// The calling thread's CPU time in seconds, where the platform offers it
/// (64-bit Linux); `None` elsewhere.
#[cfg(not(all(target_os = "linux", target_pointer_width = "64")))]
pub fn thread_cpu_secs() -> Option<f64> {
    None
}

/// Both clocks, started together.
#[derive(Clone, Copy, Debug)]
pub struct Stopwatch {
    wall: Instant,
    cpu: Option<f64>,
}

impl Stopwatch {
    /// Starts both clocks (the CPU clock of the calling thread).
    #[inline]
    pub fn start() -> Self {
        let cpu = thread_cpu_secs();
        Self {
            wall: Instant::now(),
            cpu,
        }
    }

    /// Wall-clock seconds since `start`.
    #[inline]
    pub fn wall(&self) -> f64 {
        self.wall.elapsed().as_secs_f64()
    }

    /// CPU seconds of the calling thread since `start` (call it on the
    /// thread that started the stopwatch).
    #[inline]
    pub fn cpu(&self) -> Option<f64> {
        Some(thread_cpu_secs()? - self.cpu?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpu_time_advances_with_work_and_not_with_sleep() {
        if thread_cpu_secs().is_none() {
            return; // Not offered on this platform: nothing to check.
        }
        let clock = Stopwatch::start();
        std::thread::sleep(std::time::Duration::from_millis(30));
        let slept = clock.cpu().unwrap();
        assert!(slept < 0.02, "sleeping cost {slept} s of CPU");
        assert!(clock.wall() >= 0.03);
        // Spin until the clock has seen 10 ms more CPU; if it does not
        // advance while the thread works, the wall-clock bound fails the test.
        let mut x = 0u64;
        while clock.cpu().unwrap() < slept + 0.01 {
            x = std::hint::black_box(x.wrapping_add(1));
            assert!(clock.wall() < 30.0, "the CPU clock did not advance");
        }
        assert!(x > 0);
    }
}
