//! Human views of a value (`include/dynval/render.h`): the text the
//! `dynval` tool prints with `convert --to pretty` and `inspect`.

use std::fmt;
use std::marker::PhantomData;
use std::ptr;

use dynval_sys as sys;

use crate::error::{call, Result};
use crate::introspect::Block;
use crate::util::Buffer;
use crate::value::{AsValueRef, Value, ValueRef};

/// Which view [`ValueRef::render`] writes (`dv_render_style_t`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RenderStyle {
    /// The value alone, as `dynval convert --to pretty` prints it: an
    /// indented, HCL-like text; unknowns as
    /// `(unknown string, not null, prefix "i-")`.
    #[default]
    Pretty,
    /// As `dynval inspect` prints it: the type, the pretty view, every
    /// unknown value (path and refinements) and, with a schema, every
    /// sensitive path.
    Inspect,
}

impl RenderStyle {
    /// The C `dv_render_style_t` value.
    pub fn as_raw(self) -> sys::dv_render_style_t {
        match self {
            RenderStyle::Pretty => sys::DV_RENDER_PRETTY,
            RenderStyle::Inspect => sys::DV_RENDER_INSPECT,
        }
    }
}

/// Options of [`ValueRef::render`] (`dv_render_options_t`): the style, the
/// schema block whose sensitive attributes are masked (borrowed for `'a`),
/// whether to show them anyway, and the output limit.
///
/// ```
/// use dynval::{RenderOptions, RenderStyle, Schema};
/// let s = Schema::from_block_json(
///     r#"{"attributes":{"name":{"type":"string","optional":true},
///                       "password":{"type":"string","optional":true,"sensitive":true}}}"#, 0)?;
/// let v = s.decode_json(r#"{"name":"web-1","password":"hunter2"}"#)?;
/// let masked = v.render(&RenderOptions::new().schema(s.block()))?;
/// assert_eq!(masked, "{\n  name     = \"web-1\"\n  password = (sensitive value)\n}\n");
/// let shown = v.render(&RenderOptions::new().schema(s.block()).show_sensitive(true))?;
/// assert!(shown.contains("hunter2"));
/// let inspect = v.render(&RenderOptions::new().style(RenderStyle::Inspect).schema(s.block()))?;
/// assert!(inspect.ends_with("sensitive values: 1\n  .password\n"));
/// # Ok::<(), dynval::Error>(())
/// ```
#[derive(Clone, Copy)]
pub struct RenderOptions<'a> {
    raw: sys::dv_render_options_t,
    _schema: PhantomData<Block<'a>>,
}

// SAFETY: the only pointer inside is an optional view of an immutable
// schema block, which schema.h lets any thread read concurrently.
unsafe impl Send for RenderOptions<'_> {}
unsafe impl Sync for RenderOptions<'_> {}

impl Default for RenderOptions<'_> {
    fn default() -> Self {
        RenderOptions::new()
    }
}

impl fmt::Debug for RenderOptions<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RenderOptions")
            .field("style", &self.raw.style)
            .field("schema", &!self.raw.schema.is_null())
            .field("show_sensitive", &(self.raw.flags & sys::DV_RENDER_SHOW_SENSITIVE != 0))
            .field("max_output_size", &self.raw.max_output_size)
            .finish()
    }
}

impl<'a> RenderOptions<'a> {
    /// All defaults (`DV_RENDER_OPTIONS_INIT`): the pretty view, no
    /// schema (nothing masked), the default output limit.
    pub fn new() -> RenderOptions<'a> {
        let mut raw = sys::dv_render_options_t {
            version: sys::DV_RENDER_OPTIONS_VERSION,
            flags: 0,
            style: sys::DV_RENDER_PRETTY,
            schema: ptr::null(),
            max_output_size: 0,
        };
        let _ = call(|err| unsafe { sys::dv_render_options_init(&mut raw, sys::DV_RENDER_OPTIONS_VERSION, err) });
        RenderOptions { raw, _schema: PhantomData }
    }

    /// The view to write.
    pub fn style(mut self, style: RenderStyle) -> RenderOptions<'a> {
        self.raw.style = style.as_raw();
        self
    }

    /// The block of the value (e.g. [`Schema::block`](crate::Schema::block)
    /// of the schema it was decoded with): its sensitive attributes, at any
    /// depth, are printed as `(sensitive value)` unless
    /// [`show_sensitive`](Self::show_sensitive). Attributes are matched by
    /// name.
    pub fn schema<'b>(self, block: Block<'b>) -> RenderOptions<'b> {
        let mut raw = self.raw;
        raw.schema = block.as_raw();
        RenderOptions { raw, _schema: PhantomData }
    }

    /// Print the values of sensitive attributes too
    /// (`DV_RENDER_SHOW_SENSITIVE`).
    pub fn show_sensitive(mut self, yes: bool) -> RenderOptions<'a> {
        if yes {
            self.raw.flags |= sys::DV_RENDER_SHOW_SENSITIVE;
        } else {
            self.raw.flags &= !sys::DV_RENDER_SHOW_SENSITIVE;
        }
        self
    }

    /// Maximum bytes of text (0: the default, 256 MiB); past it,
    /// [`Status::Limit`](crate::Status::Limit).
    pub fn max_output_size(mut self, n: usize) -> RenderOptions<'a> {
        self.raw.max_output_size = n;
        self
    }

    /// The C struct, for use with `dynval-sys`.
    pub fn as_raw(&self) -> *const sys::dv_render_options_t {
        &self.raw
    }
}

impl ValueRef<'_> {
    /// The value as text for people (`dv_value_render`): the view
    /// `opts` names, every line ending with a newline. A format for logs
    /// and error reports that may change between releases; do not parse
    /// it.
    ///
    /// # Errors
    ///
    /// [`Status::Limit`](crate::Status::Limit) past the options'
    /// `max_output_size`.
    ///
    /// ```
    /// use dynval::{Refinements, RenderOptions, RenderStyle, Type, Value};
    /// let id = Value::unknown_refined(Type::string(), &Refinements::new().not_null().string_prefix("i-"))?;
    /// let v = Value::object(&[("id", id), ("port", Value::from(8080))])?;
    /// assert_eq!(
    ///     v.render(&RenderOptions::new())?,
    ///     "{\n  id   = (unknown string, not null, prefix \"i-\")\n  port = 8080\n}\n"
    /// );
    /// let text = v.render(&RenderOptions::new().style(RenderStyle::Inspect))?;
    /// assert!(text.contains("unknown values: 1\n  .id: (unknown string, not null, prefix \"i-\")\n"));
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn render(&self, opts: &RenderOptions<'_>) -> Result<String> {
        let mut buf = Buffer::new();
        call(|err| unsafe { sys::dv_value_render(buf.as_mut_ptr(), self.as_raw(), opts.as_raw(), err) })?;
        Ok(buf.into_string())
    }
}

impl Value {
    forward! { as_value_ref =>
        /// Text for people; see [`ValueRef::render`].
        fn render(&self, opts: &RenderOptions<'_>) -> Result<String>;
    }
}
