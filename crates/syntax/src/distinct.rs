//! [`DistinctIds`]: the ids of the `distinct[N]<...>` attributes of one
//! file.

use std::collections::BTreeMap;

use strata_builtin::DistinctAttr;
use strata_ctx::{Attribute, Interned};
use strata_sync::Arc;

/// The ids of the `distinct[N]<attr>` attributes of one file.
///
/// The id only names a distinct attribute inside the file that writes it:
/// MLIR gives every occurrence of an id the attribute its first occurrence
/// made, and refuses an occurrence whose referenced attribute differs
/// ("referenced attribute does not match previous definition"). A
/// [`Parser`](crate::Parser) given a table
/// ([`Parser::set_distinct_ids`](crate::Parser::set_distinct_ids)) does the
/// same across every parser sharing it; one without keeps a table of its own,
/// so an id names one attribute inside that parse and a new parse makes new
/// ones.
///
/// Cloning a table is O(1): the ids are shared until a clone records a new
/// one (copy on write). A module parser hands each top-level operation a
/// clone of the table its alias definitions made, so a file with many
/// operations and many distinct aliases costs no copy per operation, and a
/// table passed from one operation to the next by value is never copied.
///
/// An empty table allocates nothing: a parser makes one per parse.
#[derive(Clone, Debug, Default)]
pub struct DistinctIds<'c> {
    ids: Option<Arc<BTreeMap<u64, Attribute<'c>>>>,
}

impl<'c> DistinctIds<'c> {
    /// An empty table.
    pub fn new() -> Self {
        Self::default()
    }

    /// The distinct attribute of `id`, if the file has made one.
    pub fn get(&self, id: u64) -> Option<Attribute<'c>> {
        self.ids.as_ref()?.get(&id).copied()
    }

    /// Records `distinct`, the distinct attribute `id` names from now on.
    pub fn insert(&mut self, id: u64, distinct: Attribute<'c>) {
        Arc::make_mut(self.ids.get_or_insert_default()).insert(id, distinct);
    }

    /// The distinct attribute `id` names, made by `make` (and recorded) if
    /// the table has none yet.
    ///
    /// # Errors
    ///
    /// The referenced attribute of the one `id` already names, if it is not
    /// `referenced`: the file refers to two attributes with one id.
    pub fn resolve(
        &mut self,
        id: u64,
        referenced: Attribute<'c>,
        make: impl FnOnce() -> Interned<'c, DistinctAttr>,
    ) -> Result<Attribute<'c>, Attribute<'c>> {
        if let Some(existing) = self.get(id) {
            return match existing.dyn_cast::<DistinctAttr>() {
                Some(d) if d.payload().referenced != referenced => Err(d.payload().referenced),
                _ => Ok(existing),
            };
        }
        let made: Attribute<'c> = make().into();
        self.insert(id, made);
        Ok(made)
    }

    /// How many ids the table holds.
    pub fn len(&self) -> usize {
        self.ids.as_ref().map_or(0, |ids| ids.len())
    }

    /// Whether the table holds no id.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use core::cell::RefCell;

    use strata_ctx::{Attribute, Context};

    use super::DistinctIds;
    use crate::{ParseError, Parser};

    /// Parsers sharing a table give an id one attribute, and refuse another
    /// referenced attribute for it with MLIR's message; without a table
    /// each parse makes its own attributes.
    #[test]
    fn an_id_names_one_attribute_across_the_parsers_of_a_file() {
        fn parse<'c>(
            ctx: &'c Context,
            text: &str,
            ids: Option<&RefCell<DistinctIds<'c>>>,
        ) -> Result<Attribute<'c>, ParseError> {
            let mut p = Parser::new(ctx, text, None);
            if let Some(ids) = ids {
                p.set_distinct_ids(ids);
            }
            p.parse_attribute()
        }
        let ctx = Context::new();
        let ids = RefCell::new(DistinctIds::new());
        let a = parse(&ctx, "distinct[7]<42 : i32>", Some(&ids)).unwrap();
        let b = parse(&ctx, "[distinct[7]<42 : i32>]", Some(&ids)).unwrap();
        assert_eq!(b.to_string(), format!("[{a}]"));
        assert_eq!(parse(&ctx, "distinct[7]<42 : i32>", Some(&ids)).unwrap(), a);
        assert_eq!(ids.borrow().len(), 1);
        let e = parse(&ctx, "distinct[7]<43 : i32>", Some(&ids)).unwrap_err();
        assert_eq!(
            e.message(),
            "referenced attribute does not match previous definition: 42 : i32"
        );
        assert_eq!(e.span(), 0..8);
        assert_ne!(parse(&ctx, "distinct[7]<42 : i32>", None).unwrap(), a);
    }
}
