//! What a definition's verifier is given, and the checks of MLIR's traits
//! that verifiers share.
//!
//! A verifier is MLIR's `verifyInvariants` of one operation: the checks of
//! its traits, in the order its definition declares them, then its own
//! (`verify`). It is given an [`OpSite`]: the operation, the body it lives
//! in, and, where that body is an isolated operation's own, that operation
//! in the body around it, so that a terminator can read the signature of
//! the function it ends although the function lives in another arena.
//! A region verifier (MLIR's `verifyRegionInvariants`) runs once the
//! operations of the regions have been verified.
//!
//! ```
//! use strata_builtin::prelude::*;
//! use strata_ctx::Context;
//! use strata_ir::verify::{OpSite, has_parent, terminator};
//! use strata_ir::{Body, InsertPoint, OpRegistry, OperationState};
//!
//! let ctx = Context::new();
//! let loc = ctx.unknown_loc().into();
//! let mut body = Body::new();
//! let name = ctx.string_attr("x.holder").into();
//! let holder = body.create_op(OperationState::new(name, loc).regions(1));
//! let region = body.op(holder).regions()[0];
//! let block = body.create_block();
//! body.append_block(region, block).unwrap();
//! let ret = body.create_op(OperationState::new(ctx.string_attr("x.ret").into(), loc));
//! body.insert_op(ret, InsertPoint::End(block)).unwrap();
//! let ops = OpRegistry::new();
//! let site = OpSite::new(&ops, &body, ret);
//! assert_eq!(site.parent().map(|p| p.name()), Some("x.holder"));
//! assert!(terminator(site).is_ok());
//! assert_eq!(
//!     has_parent(site, &["x.func"]).unwrap_err().message,
//!     "expects parent op 'x.func'"
//! );
//! ```

use crate::body::{Body, OpRef};
use crate::dialect::{OpDef, OpRegistry, VerifyError};
use crate::id::{OpId, RegionId};

/// An operation and where it lives: its body and, when that body is an
/// isolated operation's own and the operation is in one of its root
/// regions, the owner in the body around it.
#[derive(Clone, Copy)]
pub struct OpSite<'a, 'c> {
    ops: &'a OpRegistry,
    body: &'a Body<'c>,
    op: OpId,
    owner: Option<(&'a Body<'c>, OpId)>,
}

impl core::fmt::Debug for OpSite<'_, '_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("OpSite")
            .field("op", &self.op)
            .field("name", &self.name())
            .field("owner", &self.owner.map(|(_, o)| o))
            .finish()
    }
}

impl<'a, 'c> OpSite<'a, 'c> {
    /// Operation `op` of `body`, whose owner (if `body` is a child body) is
    /// not known, with the definitions of `ops`.
    pub fn new(ops: &'a OpRegistry, body: &'a Body<'c>, op: OpId) -> Self {
        Self {
            ops,
            body,
            op,
            owner: None,
        }
    }

    /// Operation `op` of `body`, where `body` is the child body of operation
    /// `owner_op` of `owner_body`.
    pub fn in_child(
        ops: &'a OpRegistry,
        body: &'a Body<'c>,
        op: OpId,
        owner_body: &'a Body<'c>,
        owner_op: OpId,
    ) -> Self {
        Self {
            ops,
            body,
            op,
            owner: Some((owner_body, owner_op)),
        }
    }

    /// The definitions the operations were created with.
    pub fn registry(&self) -> &'a OpRegistry {
        self.ops
    }

    /// The operation's definition, if it was created with one.
    pub fn def(&self) -> Option<&'a OpDef> {
        self.ops.def_of(self.body, self.op)
    }

    /// The body the operation lives in.
    pub fn body(&self) -> &'a Body<'c> {
        self.body
    }

    /// The operation's id in [`OpSite::body`].
    pub fn id(&self) -> OpId {
        self.op
    }

    /// The operation's view.
    pub fn op(&self) -> OpRef<'a, 'c> {
        self.body.op(self.op)
    }

    /// The operation's name (`dialect.op`).
    #[cfg(not(strata_loom))]
    pub fn name(&self) -> &'c str {
        self.op()
            .name()
            .dyn_cast::<strata_builtin::StringAttr>()
            .map_or("", |s| s.payload().value)
    }

    /// The operation's name, under loom: the stand-in handle's text.
    #[cfg(strata_loom)]
    pub fn name(&self) -> &'c str {
        self.op().name().0
    }

    /// The operation around this one (MLIR's `getParentOp`): in the same
    /// body, or the owner of the body when the operation is in one of its
    /// root regions. `None` for a top-level or detached operation, and for
    /// one in a root region whose owner the site was not given.
    pub fn parent(&self) -> Option<OpSite<'a, 'c>> {
        match self.body.parent_op(self.op) {
            Some(p) => Some(Self {
                ops: self.ops,
                body: self.body,
                op: p,
                owner: self.owner,
            }),
            None => {
                self.body.op(self.op).parent()?;
                self.owner.map(|(b, o)| OpSite::new(self.ops, b, o))
            }
        }
    }

    /// The body that holds the operation's regions: its child body when it
    /// is isolated (if the child is home), else its own body.
    pub fn regions_body(&self) -> Option<&'a Body<'c>> {
        match self.op().owner() {
            Some(owner) => self.body.child(owner),
            None => Some(self.body),
        }
    }

    /// The operation's regions, in [`OpSite::regions_body`].
    pub fn regions(&self) -> &'a [RegionId] {
        match self.op().owner() {
            Some(owner) => self.body.child(owner).map_or(&[], |c| c.roots()),
            None => self.op().regions(),
        }
    }
}

/// MLIR's `HasParent` (and `ParentOneOf`): the operation around this one
/// is one of `names`. "expects parent op 'a'" for one name, "expects
/// parent op to be one of 'a, b'" for several.
///
/// # Errors
///
/// When the parent is another operation or there is none.
pub fn has_parent(site: OpSite<'_, '_>, names: &[&str]) -> Result<(), VerifyError> {
    if site.parent().is_some_and(|p| names.contains(&p.name())) {
        return Ok(());
    }
    Err(VerifyError::new(match names {
        [one] => format!("expects parent op '{one}'"),
        _ => format!("expects parent op to be one of '{}'", names.join(", ")),
    }))
}

/// MLIR's `IsTerminator`: the operation is the last of its block.
///
/// # Errors
///
/// "must be the last operation in the parent block" when it is not (or is
/// in no block).
pub fn terminator(site: OpSite<'_, '_>) -> Result<(), VerifyError> {
    let body = site.body();
    match site.op().parent() {
        Some(block) if body.last_op(block) == Some(site.id()) => Ok(()),
        _ => Err(VerifyError::new(
            "must be the last operation in the parent block",
        )),
    }
}

/// The check of one of ODS's counting traits (`ZeroRegions`, `OneResult`,
/// ...): `Ok` when the operation's count of `what` is `want` (zero or
/// one), else MLIR's message for the trait.
fn count(found: usize, want: usize, what: &str) -> Result<(), VerifyError> {
    if found == want {
        return Ok(());
    }
    let (number, plural) = if want == 0 {
        ("zero", "s")
    } else {
        ("one", "")
    };
    Err(VerifyError::new(format!(
        "requires {number} {what}{plural}"
    )))
}

/// ODS's `ZeroRegions`: "requires zero regions".
///
/// # Errors
///
/// When the operation has a region.
pub fn zero_regions(site: OpSite<'_, '_>) -> Result<(), VerifyError> {
    count(site.op().num_regions(), 0, "region")
}

/// ODS's `OneRegion`: "requires one region".
///
/// # Errors
///
/// When the operation has none or several.
pub fn one_region(site: OpSite<'_, '_>) -> Result<(), VerifyError> {
    count(site.op().num_regions(), 1, "region")
}

/// ODS's `ZeroResults`: "requires zero results".
///
/// # Errors
///
/// When the operation has a result.
pub fn zero_results(site: OpSite<'_, '_>) -> Result<(), VerifyError> {
    count(site.op().results().len(), 0, "result")
}

/// ODS's `OneResult`: "requires one result".
///
/// # Errors
///
/// When the operation has none or several.
pub fn one_result(site: OpSite<'_, '_>) -> Result<(), VerifyError> {
    count(site.op().results().len(), 1, "result")
}

/// ODS's `ZeroOperands`: "requires zero operands".
///
/// # Errors
///
/// When the operation has an operand.
pub fn zero_operands(site: OpSite<'_, '_>) -> Result<(), VerifyError> {
    count(site.op().num_operands(), 0, "operand")
}

/// ODS's `ZeroSuccessors`: "requires 0 successors but found N".
///
/// # Errors
///
/// When the operation has a successor.
pub fn zero_successors(site: OpSite<'_, '_>) -> Result<(), VerifyError> {
    match site.op().num_successors() {
        0 => Ok(()),
        n => Err(VerifyError::new(format!(
            "requires 0 successors but found {n}"
        ))),
    }
}

/// The inherent attribute `name` of the operation (MLIR's
/// `getInherentAttr`): its properties' entry, or failing that its
/// attribute dictionary's (where a generic text without properties put
/// it).
#[cfg(not(strata_loom))]
pub fn inherent<'c>(site: OpSite<'_, 'c>, name: &str) -> Option<crate::handles::Attribute<'c>> {
    let entry = |dict: Option<crate::handles::Attribute<'c>>| {
        dict?
            .dyn_cast::<strata_builtin::DictionaryAttr>()?
            .payload()
            .get(name)
    };
    let o = site.op();
    entry(o.properties()).or_else(|| entry(o.attributes()))
}

/// The property storages of MLIR's builtin attribute kinds (what an ODS
/// property of that kind holds).
#[cfg(not(strata_loom))]
pub mod storage {
    use crate::handles::Attribute;
    use strata_builtin::{ArrayAttr, DictionaryAttr, StringAttr, TypeAttr, TypedStringAttr};

    /// Any attribute.
    pub fn any(_: Attribute<'_>) -> bool {
        true
    }

    /// A `StringAttr` (a string with a type is one too).
    pub fn string(a: Attribute<'_>) -> bool {
        a.isa::<StringAttr>() || a.isa::<TypedStringAttr>()
    }

    /// A `TypeAttr`.
    pub fn type_attr(a: Attribute<'_>) -> bool {
        a.isa::<TypeAttr>()
    }

    /// An `ArrayAttr`.
    pub fn array(a: Attribute<'_>) -> bool {
        a.isa::<ArrayAttr>()
    }

    /// A `DictionaryAttr`.
    pub fn dictionary(a: Attribute<'_>) -> bool {
        a.isa::<DictionaryAttr>()
    }
}
