//! Errors: [`Status`] and [`Error`].

use std::fmt;
use std::ptr;

use dynval_sys as sys;

use crate::path::{PathRef, PathStep};

/// The status of a failed call (`dv_status_t`), without `DV_OK`.
///
/// Values are pinned by the C library and never reused. New codes may be
/// added by a newer library: they arrive as [`Status::Unknown`], which is
/// why this enum is `#[non_exhaustive]`.
///
/// ```
/// use dynval::Status;
/// assert_eq!(Status::from_raw(6), Status::Parse);
/// assert_eq!(Status::Parse.as_raw(), 6);
/// assert_eq!(Status::from_raw(4242), Status::Unknown(4242));
/// assert_eq!(Status::Parse.to_string(), "parse error");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Status {
    /// `DV_ERR_INVALID_ARG`: NULL or malformed argument.
    InvalidArg,
    /// `DV_ERR_NOMEM`: allocation failed.
    NoMem,
    /// `DV_ERR_TYPE_MISMATCH`: the value or input does not have the required type.
    TypeMismatch,
    /// `DV_ERR_NOT_FOUND`: no such attribute, key, index, block or provider.
    NotFound,
    /// `DV_ERR_OUT_OF_RANGE`: index or numeric conversion out of range.
    OutOfRange,
    /// `DV_ERR_PARSE`: malformed input bytes.
    Parse,
    /// `DV_ERR_SCHEMA`: invalid schema, or a value violates a schema rule.
    Schema,
    /// `DV_ERR_UNSUPPORTED`: valid but unsupported input.
    Unsupported,
    /// `DV_ERR_INTERNAL`: a bug in libdynval.
    Internal,
    /// `DV_ERR_REFINEMENT`: contradictory or inapplicable refinement.
    Refinement,
    /// `DV_ERR_LIMIT`: a resource limit was exceeded.
    Limit,
    /// `DV_ERR_UNKNOWN_VALUE`: the value is unknown; the operation needs a
    /// known one.
    UnknownValue,
    /// A status code this version of the bindings does not know.
    Unknown(i32),
}

impl Status {
    /// Maps a C status code. `DV_OK` (0) is not a failure and maps to
    /// `Unknown(0)`.
    ///
    /// ```
    /// assert_eq!(dynval::Status::from_raw(12), dynval::Status::UnknownValue);
    /// ```
    pub fn from_raw(code: i32) -> Status {
        // Compare as u32: bindgen types the C enum as its underlying type.
        match code as u32 {
            sys::DV_ERR_INVALID_ARG => Status::InvalidArg,
            sys::DV_ERR_NOMEM => Status::NoMem,
            sys::DV_ERR_TYPE_MISMATCH => Status::TypeMismatch,
            sys::DV_ERR_NOT_FOUND => Status::NotFound,
            sys::DV_ERR_OUT_OF_RANGE => Status::OutOfRange,
            sys::DV_ERR_PARSE => Status::Parse,
            sys::DV_ERR_SCHEMA => Status::Schema,
            sys::DV_ERR_UNSUPPORTED => Status::Unsupported,
            sys::DV_ERR_INTERNAL => Status::Internal,
            sys::DV_ERR_REFINEMENT => Status::Refinement,
            sys::DV_ERR_LIMIT => Status::Limit,
            sys::DV_ERR_UNKNOWN_VALUE => Status::UnknownValue,
            _ => Status::Unknown(code),
        }
    }

    /// Returns the C status code.
    ///
    /// ```
    /// assert_eq!(dynval::Status::NotFound.as_raw(), 4);
    /// ```
    pub fn as_raw(self) -> i32 {
        let raw = match self {
            Status::InvalidArg => sys::DV_ERR_INVALID_ARG,
            Status::NoMem => sys::DV_ERR_NOMEM,
            Status::TypeMismatch => sys::DV_ERR_TYPE_MISMATCH,
            Status::NotFound => sys::DV_ERR_NOT_FOUND,
            Status::OutOfRange => sys::DV_ERR_OUT_OF_RANGE,
            Status::Parse => sys::DV_ERR_PARSE,
            Status::Schema => sys::DV_ERR_SCHEMA,
            Status::Unsupported => sys::DV_ERR_UNSUPPORTED,
            Status::Internal => sys::DV_ERR_INTERNAL,
            Status::Refinement => sys::DV_ERR_REFINEMENT,
            Status::Limit => sys::DV_ERR_LIMIT,
            Status::UnknownValue => sys::DV_ERR_UNKNOWN_VALUE,
            Status::Unknown(code) => return code,
        };
        raw as i32
    }

    /// The library's static name for the status (`dv_status_str`), e.g.
    /// `"parse error"`.
    ///
    /// ```
    /// assert!(!dynval::Status::Limit.name().is_empty());
    /// ```
    pub fn name(self) -> &'static str {
        // SAFETY: dv_status_str accepts any value and returns a static
        // NUL-terminated string, never NULL.
        unsafe { crate::util::static_str(sys::dv_status_str(self.as_raw() as sys::dv_status_t)) }
            .unwrap_or("unknown status")
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An error from libdynval: a [`Status`], a message, the path into the value
/// (as cty text and as steps) and the byte offset in the decoded input.
///
/// It is a plain Rust copy of the C `dv_error_t`, which is freed as soon as
/// it has been copied, so `Error` is `Send + Sync + 'static`.
///
/// ```
/// use dynval::{Status, Type, Value};
/// let t = Type::from_json(r#"["object",{"port":"number"}]"#)?;
/// let err = Value::from_json(r#"{"port":true}"#, &t).unwrap_err();
/// assert_eq!(err.status(), Status::TypeMismatch);
/// assert_eq!(err.path(), ".port");
/// assert!(err.offset().is_some());
/// println!("{err}");
/// # Ok::<(), dynval::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    status: Status,
    message: String,
    path: String,
    steps: Vec<PathStep>,
    offset: Option<usize>,
}

fn str_lossy(s: sys::dv_str_t) -> String {
    String::from_utf8_lossy(unsafe { crate::util::str_bytes(s) }).into_owned()
}

impl Error {
    /// Builds an error from a status and a C error, copying everything and
    /// then freeing `err` with `dv_error_free`.
    ///
    /// # Safety
    ///
    /// `err` must be NULL or an owned `dv_error_t` not used afterwards.
    pub unsafe fn from_raw(status: sys::dv_status_t, err: *mut sys::dv_error_t) -> Error {
        let e = Error::copy_raw(status, err);
        if !err.is_null() {
            sys::dv_error_free(err);
        }
        e
    }

    /// Builds an error from a status and a C error it copies, leaving the C
    /// error to its owner (an element of a `dv_errors_t` list).
    ///
    /// # Safety
    ///
    /// `err` must be NULL or a live `dv_error_t`.
    pub(crate) unsafe fn copy_raw(status: sys::dv_status_t, err: *const sys::dv_error_t) -> Error {
        let status = Status::from_raw(status as i32);
        if err.is_null() {
            return Error {
                status,
                message: status.name().to_string(),
                path: String::new(),
                steps: Vec::new(),
                offset: None,
            };
        }
        let message = str_lossy(sys::dv_error_message(err));
        let path = str_lossy(sys::dv_error_path(err));
        // SAFETY: the path is borrowed from `err`, which the caller keeps
        // alive for this call; the steps are copied out of it.
        let steps = match PathRef::from_raw(sys::dv_error_path_steps(err)) {
            Some(p) => p.steps().collect(),
            None => Vec::new(),
        };
        let off = sys::dv_error_offset(err);
        Error {
            status,
            message: if message.is_empty() { status.name().to_string() } else { message },
            path,
            steps,
            offset: if off == usize::MAX { None } else { Some(off) },
        }
    }

    /// Copies a C error list into errors and frees it (NULL: none).
    ///
    /// # Safety
    ///
    /// `list` must be NULL or an owned `dv_errors_t` not used afterwards.
    pub(crate) unsafe fn from_raw_list(list: *mut sys::dv_errors_t) -> Vec<Error> {
        if list.is_null() {
            return Vec::new();
        }
        let n = sys::dv_errors_count(list);
        let errors = (0..n)
            .map(|i| {
                let e = sys::dv_errors_at(list, i);
                Error::copy_raw(sys::dv_error_status(e), e)
            })
            .collect();
        sys::dv_errors_free(list);
        errors
    }

    /// An error raised by the Rust side (e.g. invalid UTF-8 in a string that
    /// was asked for as `&str`).
    pub(crate) fn new(status: Status, message: impl Into<String>) -> Error {
        Error { status, message: message.into(), path: String::new(), steps: Vec::new(), offset: None }
    }

    /// The same error located at `steps` (printed by the C path printer),
    /// unless it already names a position: the innermost one wins.
    #[cfg(feature = "serde")]
    pub(crate) fn at_steps(mut self, steps: impl FnOnce() -> Vec<PathStep>) -> Error {
        if self.steps.is_empty() {
            self.steps = steps();
            self.path = crate::Path::from_steps(&self.steps).to_string();
        }
        self
    }

    /// The same error with `prefix` before its path: for an error of a C
    /// call on a part of a value, whose path starts at that part.
    #[cfg(feature = "serde")]
    pub(crate) fn under(mut self, prefix: impl FnOnce() -> Vec<PathStep>) -> Error {
        let mut steps = prefix();
        if !steps.is_empty() {
            steps.append(&mut self.steps);
            self.steps = steps;
            self.path = crate::Path::from_steps(&self.steps).to_string();
        }
        self
    }

    /// The status of the failure.
    ///
    /// ```
    /// let err = dynval::Type::from_json("[").unwrap_err();
    /// assert_eq!(err.status(), dynval::Status::Parse);
    /// ```
    pub fn status(&self) -> Status {
        self.status
    }

    /// The human-readable message (go-cty's wording where go-cty has one),
    /// without the path or offset.
    ///
    /// ```
    /// let err = dynval::Type::from_json("\"strin\"").unwrap_err();
    /// assert!(!err.message().is_empty());
    /// ```
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The path into the value where the problem was found, as cty prints
    /// it (`.network[0].ip["v4"]`); empty when the error is not about a
    /// position inside a value. Non-UTF-8 bytes are replaced by U+FFFD.
    ///
    /// ```
    /// let t = dynval::Type::from_json(r#"["list","number"]"#)?;
    /// let err = dynval::Value::from_json("[1, \"x\"]", &t).unwrap_err();
    /// assert_eq!(err.path(), "[1]");
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn path(&self) -> &str {
        &self.path
    }

    /// The error as OpenTofu prints a diagnostic's detail
    /// (`tfdiags.FormatError`, `dv_error_line`): `PATH: MESSAGE`, or the
    /// message alone when the error has no path.
    ///
    /// ```
    /// let t = dynval::Type::from_json(r#"["list","number"]"#)?;
    /// let err = dynval::Value::from_json("[1, \"x\"]", &t).unwrap_err();
    /// assert_eq!(err.line(), format!("[1]: {}", err.message()));
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn line(&self) -> String {
        if self.path.is_empty() {
            self.message.clone()
        } else {
            format!("{}: {}", self.path, self.message)
        }
    }

    /// The same path as structured steps (empty for the root or no path);
    /// [`Path::from_steps`](crate::Path::from_steps) makes a [`Path`](crate::Path) of them.
    ///
    /// ```
    /// use dynval::PathStep;
    /// let t = dynval::Type::from_json(r#"["map","bool"]"#)?;
    /// let err = dynval::Value::from_json(r#"{"k": 1}"#, &t).unwrap_err();
    /// assert_eq!(err.path_steps(), &[PathStep::Key("k".into())]);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn path_steps(&self) -> &[PathStep] {
        &self.steps
    }

    /// The byte offset in the decoded input where the problem starts, when
    /// the error is about input bytes.
    ///
    /// ```
    /// let err = dynval::Value::from_json("[1,", &dynval::Type::from_json(r#"["list","number"]"#)?).unwrap_err();
    /// assert!(err.offset().is_some());
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn offset(&self) -> Option<usize> {
        self.offset
    }
}

impl fmt::Display for Error {
    /// `status: message at path (byte N)`, the format of the C examples.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.status, self.message)?;
        if !self.path.is_empty() {
            write!(f, " at {}", self.path)?;
        }
        if let Some(off) = self.offset {
            write!(f, " (byte {off})")?;
        }
        Ok(())
    }
}

impl std::error::Error for Error {}

/// `Result<T, dynval::Error>`.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Turns a C status plus error out-parameter into a `Result`.
///
/// # Safety
///
/// `err` must be NULL or an owned error returned by the call that produced
/// `status`.
pub(crate) unsafe fn check(status: sys::dv_status_t, err: *mut sys::dv_error_t) -> Result<()> {
    if status == sys::DV_OK {
        // The C API sets *err to NULL on success; free defensively anyway.
        if !err.is_null() {
            sys::dv_error_free(err);
        }
        Ok(())
    } else {
        Err(Error::from_raw(status, err))
    }
}

/// Calls `f(&mut err)` and converts its status into a `Result`.
pub(crate) fn call<F>(f: F) -> Result<()>
where
    F: FnOnce(*mut *mut sys::dv_error_t) -> sys::dv_status_t,
{
    let mut err: *mut sys::dv_error_t = ptr::null_mut();
    let status = f(&mut err);
    // SAFETY: `err` was filled (or left NULL) by the call that returned
    // `status`.
    unsafe { check(status, err) }
}

/// For calls whose only documented failures are impossible from safe Rust
/// (`DV_ERR_INVALID_ARG` for NULL arguments) or out of memory: panic, as
/// Rust does on allocation failure.
pub(crate) fn expect_ok(r: Result<()>) {
    if let Err(e) = r {
        panic!("libdynval call failed unexpectedly: {e}");
    }
}
