//! The diagnostic engine of strata: ordered, whole diagnostics from parallel
//! passes, rendered as mlir-opt prints them, rustc-style, or as JSON.
//!
#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]

mod context;
mod diagnostic;
mod emitter;
mod engine;
#[cfg(feature = "human")]
mod human;
mod inflight;
#[cfg(feature = "json")]
mod json;
mod mlir;
mod source;
#[cfg(feature = "verifier")]
mod verify;

pub use context::{OrderKey, Region, current_key};
pub use diagnostic::{Child, ChildLevel, DiagArg, Diagnostic, Label, Level, Severity};
pub use emitter::{Emitter, PlainEmitter, SharedBuffer};
pub use engine::{Config, DiagEngine, EngineBuilder, Handled, HandlerFn, HandlerScope, Summary};
#[cfg(feature = "human")]
#[cfg_attr(docsrs, doc(cfg(feature = "human")))]
pub use human::HumanEmitter;
pub use inflight::{ErrorReported, InFlight, IsError, MaybeError, Proof};
#[cfg(feature = "json")]
#[cfg_attr(docsrs, doc(cfg(feature = "json")))]
pub use json::JsonEmitter;
pub use mlir::{MlirEmitter, mlir_line_column};

pub use source::{
    FileId, LineCol, Location, NoSources, SourceFile, SourceManager, SourceSet, Sources, Span,
};
pub use strata_sync::policy::{Local, LocalSwap, Policy, Shared, SwapCell};
#[cfg(feature = "verifier")]
#[cfg_attr(docsrs, doc(cfg(feature = "verifier")))]
pub use verify::{Expectation, Finding, FindingKind, Target, Verifier, VerifyReport};
