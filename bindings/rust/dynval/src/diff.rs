//! Where two values differ: [`Diff`] (from [`ValueRef::diff`](crate::ValueRef::diff)).

use std::fmt;
use std::ptr::{self, NonNull};

use dynval_sys as sys;

use crate::path::PathRef;
use crate::value::ValueRef;

/// The differences between two values, as terraform-plugin-go's
/// `tftypes.Value.Diff` reports them (`dv_value_diff`; dynval/diff.h): first
/// every position the second value has and the first lacks, then, walking
/// the first value, every leaf that differs, every unknown against a known
/// value, every null against a non-null value, every collection of another
/// length, and every position the second value lacks. Unknowns equal
/// unknowns whatever their refinements; numbers compare by value; set
/// elements are matched by deep equality. Where the types differ at a
/// position (tftypes fails there), that position is one more difference.
///
/// Immutable; `Send + Sync`. Iterate with [`iter`](Diff::iter) or `for e in &diff`.
///
/// ```
/// use dynval::{Type, Value};
/// let a = Value::map(Type::number(), &[("x", Value::from(1)), ("y", Value::from(2))])?;
/// let b = Value::map(Type::number(), &[("y", Value::from(3)), ("z", Value::from(4))])?;
/// let d = a.diff(&b);
/// let lines: Vec<String> = d.iter().map(|e| e.to_string()).collect();
/// assert_eq!(lines, [
///     r#"["z"]: - => cty.NumberIntVal(4)"#,
///     r#"["x"]: cty.NumberIntVal(1) => -"#,
///     r#"["y"]: cty.NumberIntVal(2) => cty.NumberIntVal(3)"#,
/// ]);
/// assert!(a.diff(&a).is_empty());
/// # Ok::<(), dynval::Error>(())
/// ```
pub struct Diff {
    ptr: NonNull<sys::dv_diff_t>,
}

// SAFETY: diff.h: a dv_diff_t is immutable; reads may run concurrently and
// it may be freed from any thread.
unsafe impl Send for Diff {}
unsafe impl Sync for Diff {}

/// One difference: where, and each value's part there (`None` when that
/// value has nothing at the path). Borrowed from its [`Diff`].
#[derive(Clone, Copy, Debug)]
pub struct DiffEntry<'a> {
    /// The path from the compared values to the difference.
    pub path: PathRef<'a>,
    /// The first value's part (tftypes' `Value1`).
    pub a: Option<ValueRef<'a>>,
    /// The second value's part (`Value2`).
    pub b: Option<ValueRef<'a>>,
}

impl fmt::Display for DiffEntry<'_> {
    /// `path: a => b`, each part in go-cty's GoString form or `-` when
    /// absent.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let part = |v: Option<ValueRef<'_>>| v.map(|v| v.debug_string()).unwrap_or_else(|| "-".into());
        write!(f, "{}: {} => {}", self.path, part(self.a), part(self.b))
    }
}

impl Diff {
    /// Takes ownership of a C list of differences.
    ///
    /// # Safety
    ///
    /// `ptr` must be a non-NULL owned `dv_diff_t`, transferred to the
    /// returned `Diff`.
    pub unsafe fn from_raw(ptr: *mut sys::dv_diff_t) -> Diff {
        Diff { ptr: NonNull::new(ptr).expect("Diff::from_raw: NULL diff") }
    }

    /// The C pointer, valid as long as `self`.
    pub fn as_raw(&self) -> *const sys::dv_diff_t {
        self.ptr.as_ptr()
    }

    /// The number of differences.
    pub fn len(&self) -> usize {
        unsafe { sys::dv_diff_length(self.as_raw()) }
    }

    /// Whether the values are equal in tftypes' sense.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Difference `i` (`None` when out of range).
    pub fn get(&self, i: usize) -> Option<DiffEntry<'_>> {
        let mut path: *const sys::dv_path_t = ptr::null();
        let mut a: *const sys::dv_value_t = ptr::null();
        let mut b: *const sys::dv_value_t = ptr::null();
        // SAFETY: everything is borrowed from the diff, alive for '_.
        if !unsafe { sys::dv_diff_entry(self.as_raw(), i, &mut path, &mut a, &mut b) } {
            return None;
        }
        Some(DiffEntry {
            path: unsafe { PathRef::from_raw(path) }?,
            a: unsafe { ValueRef::from_raw(a) },
            b: unsafe { ValueRef::from_raw(b) },
        })
    }

    /// The differences, in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = DiffEntry<'_>> + '_ {
        (0..self.len()).map(move |i| self.get(i).expect("entry within the diff's length"))
    }
}

impl Drop for Diff {
    fn drop(&mut self) {
        // SAFETY: we own the diff.
        unsafe { sys::dv_diff_free(self.ptr.as_ptr()) }
    }
}

impl fmt::Debug for Diff {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter().map(|e| e.to_string())).finish()
    }
}

impl<'a> IntoIterator for &'a Diff {
    type Item = DiffEntry<'a>;
    type IntoIter = Box<dyn ExactSizeIterator<Item = DiffEntry<'a>> + 'a>;
    fn into_iter(self) -> Self::IntoIter {
        Box::new(self.iter())
    }
}
