//! Small FFI helpers: string views and owned buffers.

use std::fmt;
use std::ops::Deref;
use std::ptr;

use dynval_sys as sys;

/// The bytes of a borrowed `dv_str_t` (`{NULL, 0}` gives an empty slice).
///
/// # Safety
///
/// `s` must point to `len` readable bytes that stay valid and unchanged for
/// the chosen lifetime `'a`.
pub(crate) unsafe fn str_bytes<'a>(s: sys::dv_str_t) -> &'a [u8] {
    if s.ptr.is_null() || s.len == 0 {
        &[]
    } else {
        std::slice::from_raw_parts(s.ptr.cast::<u8>(), s.len)
    }
}

/// A static NUL-terminated string libdynval returns (a name, a version):
/// `None` for NULL or text that is not UTF-8.
///
/// # Safety
///
/// `p` must be NULL or point to a NUL-terminated string that lives for the
/// whole process.
pub(crate) unsafe fn static_str(p: *const std::ffi::c_char) -> Option<&'static str> {
    if p.is_null() {
        return None;
    }
    std::ffi::CStr::from_ptr(p).to_str().ok()
}

/// A `dv_str_t` borrowing Rust bytes for the duration of a call.
pub(crate) fn dv_str(b: &[u8]) -> sys::dv_str_t {
    sys::dv_str_t { ptr: b.as_ptr().cast(), len: b.len() }
}

/// Bytes produced by libdynval (an encoder's output), owned and released
/// with `dv_buf_dispose` on drop; dereferences to `[u8]` without copying.
///
/// ```
/// let buf = dynval::Value::from(true).to_msgpack(dynval::Type::bool())?;
/// assert_eq!(&buf[..], &[0xc3]);
/// let v: Vec<u8> = buf.to_vec();
/// assert_eq!(v, vec![0xc3]);
/// # Ok::<(), dynval::Error>(())
/// ```
pub struct Buffer {
    raw: sys::dv_buf_t,
}

// SAFETY: a filled dv_buf_t is plain heap memory owned by this value;
// dv_buf_dispose may be called from any thread and reads need no lock.
unsafe impl Send for Buffer {}
unsafe impl Sync for Buffer {}

impl Buffer {
    /// An empty buffer, ready to be filled by a C call.
    pub(crate) fn new() -> Buffer {
        Buffer { raw: sys::dv_buf_t { ptr: ptr::null_mut(), len: 0, reserved: 0 } }
    }

    /// The C buffer, for a call that fills it.
    pub(crate) fn as_mut_ptr(&mut self) -> *mut sys::dv_buf_t {
        &mut self.raw
    }

    /// The bytes.
    ///
    /// ```
    /// let buf = dynval::Value::from(1i64).to_msgpack(dynval::Type::number())?;
    /// assert_eq!(buf.as_bytes(), &[0x01]);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn as_bytes(&self) -> &[u8] {
        if self.raw.ptr.is_null() {
            &[]
        } else {
            // SAFETY: libdynval filled `len` bytes at `ptr`, owned by us.
            unsafe { std::slice::from_raw_parts(self.raw.ptr.cast::<u8>(), self.raw.len) }
        }
    }

    /// Copies the bytes into a `String`, replacing invalid UTF-8 (which the
    /// text producers never emit) with U+FFFD.
    pub(crate) fn into_string(self) -> String {
        match std::str::from_utf8(self.as_bytes()) {
            Ok(s) => s.to_owned(),
            Err(_) => String::from_utf8_lossy(self.as_bytes()).into_owned(),
        }
    }
}

impl Drop for Buffer {
    fn drop(&mut self) {
        // SAFETY: we own the buffer; disposing an empty one is a no-op.
        unsafe { sys::dv_buf_dispose(&mut self.raw) }
    }
}

impl Deref for Buffer {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        self.as_bytes()
    }
}

impl AsRef<[u8]> for Buffer {
    fn as_ref(&self) -> &[u8] {
        self.as_bytes()
    }
}

impl fmt::Debug for Buffer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Buffer").field(&self.as_bytes()).finish()
    }
}

impl From<Buffer> for Vec<u8> {
    fn from(b: Buffer) -> Vec<u8> {
        b.as_bytes().to_vec()
    }
}
