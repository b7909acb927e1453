"""Measures a screenshot of `remindc calendar --format html` with Pillow.

    page_picture.py PICTURE.png

Prints one JSON object: "size" [width, height]; "heading_ink", the share
of dark pixels in the top-left corner where the month's name is;
"grid_ink", the share of non-white pixels below the heading;
"rows_with_ink", how many of six horizontal bands below the heading hold
text; "today_green", how many pixels have the green of today's outline;
"right_margin_ink", the share of non-white pixels in the 8 pixels at the
right edge, which the page leaves empty.
"""
import json
import sys

from PIL import Image


def share(image, box, test):
    region = image.crop(box)
    pixels = list(region.getdata())
    return sum(1 for pixel in pixels if test(pixel)) / max(1, len(pixels))


def main():
    image = Image.open(sys.argv[1]).convert("RGB")
    width, height = image.size
    dark = lambda p: sum(p) < 300
    ink = lambda p: sum(p) < 720
    bands = 6
    top = 90
    rows = 0
    for index in range(bands):
        box = (0, top + index * (height - top) // bands, width, top + (index + 1) * (height - top) // bands)
        if share(image, box, dark) > 0.002:
            rows += 1
    green = sum(1 for (r, g, b) in image.getdata() if abs(r - 0x2B) < 24 and abs(g - 0x7A) < 24 and abs(b - 0x4B) < 24)
    print(json.dumps({
        "size": [width, height],
        "heading_ink": share(image, (10, 10, 260, 40), dark),
        "grid_ink": share(image, (0, top, width, height), ink),
        "rows_with_ink": rows,
        "today_green": green,
        "right_margin_ink": share(image, (width - 8, 0, width, height), ink),
    }))


if __name__ == "__main__":
    main()
